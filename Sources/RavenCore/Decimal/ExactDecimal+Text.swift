import Foundation

extension ExactDecimal: LosslessStringConvertible, CustomStringConvertible {
  /// The longest number text accepted, in digits; longer input is "absurdly large".
  public static let maximumDigits = 30

  /// Parses the one decimal grammar Raven reads everywhere, `-?[0-9]+(\.[0-9]+)?`: an
  /// optional minus, digits, and optionally a point followed by digits (`"187.9500"`,
  /// `"-3"`, `"0.5"`). Anything else is refused rather than guessed at, so a typo never
  /// becomes a number: surrounding spaces, a plus sign, a point without a digit on each
  /// side (`".5"`, `"5."`), exponents, `NaN`, `inf`, thousands separators, empty text, and
  /// more than `maximumDigits` digits. This is the text `description` prints, and the
  /// pattern of the API's `Decimal` schema.
  public init?(_ text: String) {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integerPart = parts[0]
    let fractionPart = parts.count > 1 ? parts[1] : nil
    guard
      !integerPart.isEmpty, integerPart.allSatisfy(\.isASCIIDigit),
      fractionPart.map({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) ?? true
    else { return nil }
    let fraction = fractionPart ?? ""
    guard integerPart.count + fraction.count <= Self.maximumDigits else { return nil }
    // Up to 18 digits fit in Int64 units: the common case (prices, shares, cash) skips
    // `Decimal`'s own parser and keeps the integer fast paths.
    if integerPart.count + fraction.count <= 18,
      let magnitude = Int64(String(integerPart) + String(fraction))
    {
      self.init(units: negative ? -magnitude : magnitude, fractionDigits: fraction.count)
      return
    }
    guard
      let magnitude = Decimal(
        string: String(integerPart) + "." + fraction + "0",
        locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    self.init(negative ? -magnitude : magnitude, fractionDigits: fraction.count)
  }

  /// Whether `description` is text `init?(_:)` reads back, i.e. it has at most
  /// `maximumDigits` digits. Every value parsed fits; a value computed from others (a
  /// product, a sum) can outgrow it, and is then refused wherever it would be kept or sent.
  public var fitsText: Bool {
    // Int64 units print at most 19 digits, with at most 18 fraction digits: always fits.
    if units != nil { return true }
    return description.utf8.count(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      <= Self.maximumDigits
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

  /// Encodes `description`, refusing a value whose text no reader would take back.
  public func encode(to encoder: any Encoder) throws {
    try ExactDecimal.encode(self, to: encoder)
  }

  static func encode(_ value: ExactDecimal, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    guard value.fitsText else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "More than \(maximumDigits) digits: too large to read back"))
    }
    try container.encode(value.description)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
