import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Exact decimals from Foundation's Decimal")
struct ExactDecimalFromDecimalTests {
  /// `Decimal` as `JSONDecoder` would read `text` from a JSON number.
  func decimal(_ text: String) throws -> Decimal {
    try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
  }

  @Test(
    "A Decimal becomes the same value, printed with the digits it holds",
    arguments: [
      ("187.95", "187.95"), ("187.9500", "187.95"), ("0.1", "0.1"), ("-0.0944", "-0.0944"),
      ("1e-7", "0.0000001"), ("2.5e-3", "0.0025"), ("1.2E+3", "1200"), ("0", "0"), ("0.00", "0"),
      ("1062774800", "1062774800"), ("3975462.8917436395", "3975462.8917436395"),
      ("1779296400123", "1779296400123"),
    ])
  func converts(text: String, printed: String) throws {
    let value = try #require(ExactDecimal(exactly: try decimal(text)))
    #expect(value.description == printed)
    #expect(value.value == (try decimal(text)))
  }

  @Test("Generated values convert to what their text parses to")
  func agreesWithText() async throws {
    let digits = Gen.int64(in: -999_999_999_999_999...999_999_999_999_999)
    await propertyCheck(count: 300, input: digits, Gen.int(in: 0...18)) { units, scale in
      let text = ExactDecimal(units: units, fractionDigits: scale).description
      let converted = try #require(ExactDecimal(exactly: try decimal(text)))
      #expect(converted == ExactDecimal(text))
      #expect(converted.description == ExactDecimal(text)?.trimmed.description)
    }
  }

  @Test("Values it could not hold or print exactly are refused")
  func refuses() throws {
    #expect(ExactDecimal(exactly: .nan) == nil)
    // More fraction digits than an ExactDecimal prints.
    #expect(ExactDecimal(exactly: try decimal("1e-18")) != nil)
    #expect(ExactDecimal(exactly: try decimal("1e-19")) == nil)
    // More digits than the text parser accepts.
    #expect(ExactDecimal(exactly: try decimal(String(repeating: "9", count: 30))) != nil)
    #expect(ExactDecimal(exactly: try decimal(String(repeating: "9", count: 31))) == nil)
    #expect(ExactDecimal(exactly: try decimal("1e30")) == nil)
    #expect(ExactDecimal(exactly: try decimal("123456789012345678901234567890.5")) == nil)
  }
}
