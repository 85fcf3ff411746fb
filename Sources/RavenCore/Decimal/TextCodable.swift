/// A value that crosses JSON as its text form (`"187.95"`, `"AAPL"`, `"2026-11-20"`),
/// rejecting text it cannot parse with a decoding error that names the expected form.
public protocol TextCodable: Codable, LosslessStringConvertible {
  /// What valid text looks like, for error messages: "a decimal number".
  static var textFormat: String { get }
}

extension TextCodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Expected \(Self.textFormat), got \"\(text)\"")
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
