import Foundation

extension ExactDecimal: LosslessStringConvertible, CustomStringConvertible {
  /// The longest number text accepted, in digits; longer input is "absurdly large".
  public static let maximumDigits = 30

  /// Parses plain decimal notation: an optional sign, digits, an optional point and
  /// fraction digits (`"187.9500"`, `"-3"`, `"0.5"`, `".5"`). Exponents, `NaN`,
  /// `inf`, thousands separators and empty text are rejected, so a typo never
  /// becomes a number.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var digits = Substring(trimmed)
    var negative = false
    if let sign = digits.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integerPart = parts[0]
    let fractionPart = parts.count > 1 ? parts[1] : ""
    guard
      !(integerPart.isEmpty && fractionPart.isEmpty),
      integerPart.allSatisfy(\.isASCIIDigit), fractionPart.allSatisfy(\.isASCIIDigit),
      integerPart.count + fractionPart.count <= Self.maximumDigits
    else { return nil }
    // Up to 18 digits fit in Int64 units: the common case (prices, shares, cash) skips
    // `Decimal`'s own parser and keeps the integer fast paths.
    if integerPart.count + fractionPart.count <= 18,
      let magnitude = Int64(String(integerPart) + String(fractionPart))
    {
      self.init(units: negative ? -magnitude : magnitude, fractionDigits: fractionPart.count)
      return
    }
    guard
      let magnitude = Decimal(
        string: String(integerPart.isEmpty ? "0" : integerPart) + "." + fractionPart + "0",
        locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    self.init(negative ? -magnitude : magnitude, fractionDigits: fractionPart.count)
  }

  /// Plain notation with exactly `fractionDigits` digits after the point: `187.9500`.
  public var description: String {
    if let text = unitsDescription { return text }
    let rounded = ExactDecimal.roundedValue(value, toFractionDigits: fractionDigits)
    var text = ExactDecimal.plainDigits(of: rounded)
    if text == "-0" { text = "0" }
    guard fractionDigits > 0 else { return text }
    let existing: Int
    if let dot = text.firstIndex(of: ".") {
      existing = text.distance(from: dot, to: text.endIndex) - 1
    } else {
      existing = 0
      text += "."
    }
    return text + String(repeating: "0", count: max(fractionDigits - existing, 0))
  }

  /// `Decimal`'s own text is plain notation without trailing zeros ("187.95", "1000").
  static func plainDigits(of value: Decimal) -> String {
    value.isZero ? "0" : "\(value)"
  }

  private static func roundedValue(_ value: Decimal, toFractionDigits digits: Int) -> Decimal {
    var input = value
    var output = Decimal()
    NSDecimalRound(&output, &input, digits, .plain)
    return output
  }
}

extension ExactDecimal: TextCodable {
  /// Amounts cross the API as JSON strings (`"123.45"`), as the brokerages do.
  public static let textFormat = "a decimal number in a string"
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
