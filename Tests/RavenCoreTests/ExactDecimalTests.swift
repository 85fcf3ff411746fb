import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Exact decimals")
struct ExactDecimalTests {
  @Test(
    "Text round-trips exactly",
    arguments: ["187.9500", "0", "0.5", "-3", "123456789.123456", "0.000001", "1000", "-0.10"])
  func roundTrip(text: String) throws {
    let value = try #require(ExactDecimal(text))
    #expect(value.description == text)
  }

  @Test("Generated numbers round-trip through text and JSON")
  func generatedRoundTrip() async throws {
    let digits = Gen.int64(in: -999_999_999_999...999_999_999_999)
    await propertyCheck(count: 300, input: digits, Gen.int(in: 0...8)) { units, scale in
      let value = ExactDecimal(units: units, fractionDigits: scale)
      #expect(ExactDecimal(value.description) == value)
      #expect(ExactDecimal(value.description)?.description == value.description)
      let json = try JSONEncoder().encode([value])
      #expect(try JSONDecoder().decode([ExactDecimal].self, from: json) == [value])
    }
  }

  @Test(
    "Rejects text that is not plain decimal notation",
    arguments: [
      "", " ", "abc", "NaN", "nan", "inf", "1e3", "1,000", "1.2.3", "--1", "+", ".", "0x10", "½",
    ])
  func rejects(text: String) {
    #expect(ExactDecimal(text) == nil)
  }

  @Test(
    "One strict grammar: no spaces, no plus, a digit on both sides of the point",
    arguments: [" 5", "5 ", " 5 ", "+5", "5.", ".5", "-.5", "-5.", "--5", "5..0", "1e3", "", "- 5"])
  func rejectsLenientText(text: String) {
    #expect(ExactDecimal(text) == nil)
    #expect(Money(text) == nil)
  }

  @Test(
    "The strict grammar accepts plain numbers",
    arguments: [
      ("5", "5"), ("-5", "-5"), ("0.5", "0.5"), ("187.9500", "187.9500"), ("0", "0"),
      ("-0.5", "-0.5"), ("007", "7"),
    ])
  func acceptsStrictText(text: String, printed: String) throws {
    let value = try #require(ExactDecimal(text))
    #expect(value.description == printed)
  }

  @Test("Absurdly long numbers are rejected")
  func rejectsHugeNumbers() {
    #expect(ExactDecimal(String(repeating: "9", count: 31)) == nil)
    #expect(ExactDecimal(String(repeating: "9", count: 30)) != nil)
  }

  @Test("Equal values with different scales are equal and hash alike")
  func equalityIgnoresScale() throws {
    let short = try #require(ExactDecimal("187.95"))
    let long = try #require(ExactDecimal("187.9500"))
    #expect(short == long)
    #expect(Set([short, long]).count == 1)
  }

  @Test("Arithmetic is exact where binary floating point is not")
  func exactArithmetic() throws {
    let tenth = try #require(ExactDecimal("0.1"))
    let fifth = try #require(ExactDecimal("0.2"))
    #expect((tenth + fifth) == ExactDecimal("0.3"))
    #expect((tenth + fifth).description == "0.3")
    #expect((try #require(ExactDecimal("187.95")) * 3).description == "563.85")
    let sum = (0..<1000).reduce(ExactDecimal.zero) { total, _ in total + tenth }
    #expect(sum == 100)
  }

  @Test("Rounding modes")
  func rounding() throws {
    let value = try #require(ExactDecimal("2.345"))
    #expect(value.rounded(toFractionDigits: 2).description == "2.35")
    #expect(value.rounded(toFractionDigits: 2, rounding: .toNearestOrEven).description == "2.34")
    #expect(value.rounded(toFractionDigits: 2, rounding: .towardZero).description == "2.34")
    #expect(value.rounded(toFractionDigits: 2, rounding: .awayFromZero).description == "2.35")
    let negative = -value
    #expect(negative.rounded(toFractionDigits: 2).description == "-2.35")
    #expect(negative.rounded(toFractionDigits: 2, rounding: .towardZero).description == "-2.34")
    #expect(negative.rounded(toFractionDigits: 2, rounding: .awayFromZero).description == "-2.35")
    #expect(
      ExactDecimal("2.341")!.rounded(toFractionDigits: 2, rounding: .awayFromZero)
        == ExactDecimal("2.35"))
  }

  @Test("Division rounds to the asked digits and refuses zero")
  func division() throws {
    let ten = ExactDecimal(10)
    #expect(ten.divided(by: 3, fractionDigits: 4)?.description == "3.3333")
    #expect(ten.divided(by: .zero, fractionDigits: 2) == nil)
  }

  @Test("Trimmed drops trailing zeros only")
  func trimmed() throws {
    #expect(ExactDecimal("3.50")!.trimmed.description == "3.5")
    #expect(ExactDecimal("3.000")!.trimmed.description == "3")
    #expect(ExactDecimal("-0.0")!.description == "0.0")
  }

  @Test("Money, prices and quantities encode as JSON strings")
  func jsonStrings() throws {
    struct Row: Codable, Equatable {
      var cash: Money
      var price: Price
      var shares: Quantity
    }
    let row = Row(
      cash: Money(cents: 2_500_000), price: Price("187.9500")!, shares: Quantity("0.5")!)
    let json = String(decoding: try JSONEncoder().encode(row), as: UTF8.self)
    #expect(json.contains(#""cash":"25000.00""#))
    #expect(json.contains(#""price":"187.9500""#))
    #expect(json.contains(#""shares":"0.5""#))
    #expect(try JSONDecoder().decode(Row.self, from: Data(json.utf8)) == row)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Row.self, from: Data(#"{"cash":25000,"price":"1","shares":"1"}"#.utf8))
    }
  }

  @Test("Price × quantity is exact and rounds to cents only when asked")
  func priceTimesQuantity() throws {
    let cost = Price("187.95")! * Quantity("0.333333")!
    #expect(cost.description == "62.64993735")
    #expect(cost.roundedToCents().description == "62.65")
  }
}
