import Foundation
import RavenCore
import Testing

@testable import RavenHTTP

/// How upstream answers' numbers come through Foundation's `JSONDecoder`: exactly by value,
/// through `Decimal`, never through `Double`, and where that falls short on this toolchain.
@Suite("Upstream JSON numbers")
struct UpstreamJSONTests {
  struct Amount: Decodable {
    var value: UpstreamDecimal
  }

  /// `{"value": <json>}` decoded, the amount printed; `nil` when it did not decode.
  func read(_ json: String) -> String? {
    UpstreamJSON.decode(Amount.self, from: Array(#"{"value":\#(json)}"#.utf8))?.value.exact
      .description
  }

  @Test(
    "JSON numbers keep their exact value: exponents, many decimals, large volumes",
    arguments: [
      ("0.1", "0.1"), ("1e-7", "0.0000001"), ("2.5e-3", "0.0025"), ("1.2E+3", "1200"),
      ("-0.0944", "-0.0944"), ("1062774800", "1062774800"), ("217.1402", "217.1402"),
      ("3975462.8917436395", "3975462.8917436395"),
      // Beyond 2^53, where a Double would already be off by one.
      ("9007199254740993", "9007199254740993"),
      ("123456789012.123456789", "123456789012.123456789"),
    ])
  func numbers(json: String, printed: String) {
    #expect(read(json) == printed)
  }

  @Test("Numbers written as text are read as written, trailing zeros included")
  func text() {
    #expect(read(#""187.9500""#) == "187.9500")
    #expect(read(#""0.5""#) == "0.5")
    #expect(read(#""-23140.2""#) == "-23140.2")
    #expect(read(#""""#) == nil)
    #expect(read(#""2.0081%""#) == nil)
    #expect(read(#""1e3""#) == nil)
    #expect(read("true") == nil)
    #expect(read("null") == nil)
  }

  /// Evidence for what `JSONDecoder` → `Decimal` cannot read exactly on this toolchain
  /// (Swift 6.3, swift-foundation on Linux): each input and what came out.
  @Test("Where JSONDecoder's Decimal is not the number as written")
  func shortcomings() throws {
    struct Number: Decodable { var value: Decimal }
    func decimal(_ json: String) -> Decimal? {
      UpstreamJSON.decode(Number.self, from: Array(#"{"value":\#(json)}"#.utf8))?.value
    }
    // Trailing zeros are not kept: the value is exact, the digits as written are lost.
    #expect(read("187.9500") == "187.95")
    #expect(read("181.1800") == "181.18")
    // Beyond 38 significant digits the number is rounded without a word. A value that
    // becomes short is indistinguishable from one sent short, so it passes as exact...
    let rounded = "0.10000000000000000000000000000000000000001"
    #expect(decimal(rounded) == Decimal(string: "0.1"))
    #expect(read(rounded) == "0.1")
    // ...while one that stays long is refused: more digits than an ExactDecimal takes.
    let long = "12345678901234567890123456789012345678901"
    #expect(decimal(long)?.description == "12345678901234567890123456789012345678900")
    #expect(read(long) == nil)
    // Exponents beyond Decimal's range make the whole document unreadable, not just the
    // number (the decoder reports "not valid JSON").
    #expect(decimal("1e127") != nil)
    #expect(decimal("1e128") == nil)
    #expect(decimal("1e-128") != nil)
    #expect(decimal("1e-129") == nil)
  }

  @Test("Documents that are not JSON, or not of the shape asked for, decode to nil")
  func malformed() {
    for text in ["", "{", #"{"value":261.74,"#, "[1,]", "01", "NaN", #"{"other":1}"#, "[]"] {
      #expect(UpstreamJSON.decode(Amount.self, from: Array(text.utf8)) == nil, "\(text)")
    }
  }
}
