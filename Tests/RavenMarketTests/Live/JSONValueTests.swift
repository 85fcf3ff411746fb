import RavenCore
import Testing

@testable import RavenHTTP

@Suite("JSON with exact numbers")
struct JSONValueTests {
  func parse(_ text: String) -> JSONValue? { JSONValue(parsing: Array(text.utf8)) }

  @Test("numbers keep their text and become exact decimals")
  func exactNumbers() throws {
    let json = try #require(
      parse(#"{"a":0.1,"b":187.9500,"c":-0.0944,"d":2.5e-3,"e":1.2E+3,"f":7}"#))
    #expect(json["a"]?.decimal?.description == "0.1")
    #expect(json["b"]?.decimal?.description == "187.9500")
    #expect(json["c"]?.decimal?.description == "-0.0944")
    #expect(json["d"]?.decimal?.description == "0.0025")
    #expect(json["e"]?.decimal?.description == "1200")
    #expect(json["f"]?.integer == 7)
    #expect(json["e"]?.integer == 1200)
    #expect(json["a"]?.integer == nil)
    let sum = try #require(json["a"]?.decimal) + ExactDecimal("0.2")!
    #expect(sum == ExactDecimal("0.3"))
  }

  @Test("strings, escapes, literals, nesting")
  func values() throws {
    let json = try #require(parse(#" [ "a\"b\\c\u00e9\ud83c\udf4e", true, false, null, [], {} ] "#))
    let array = try #require(json.array)
    #expect(array[0].string == "a\"b\\cé🍎")
    #expect(array[1].bool == true && array[2].bool == false && array[3].isNull)
    #expect(array[4].array?.isEmpty == true && array[5].object?.isEmpty == true)
  }

  @Test(
    "malformed documents are refused",
    arguments: [
      "", "{", #"{"c":261.74,"d":1.2,"#, "[1,]", "01", "1.", "-", "+1", "nul", #"{"a" 1}"#,
      "[1] x", "\"\u{01}\"", #""\x""#, "NaN",
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
  func malformed(_ text: String) {
    #expect(parse(text) == nil)
  }
}
