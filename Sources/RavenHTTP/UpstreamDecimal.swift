import Foundation
import RavenCore

/// An amount an upstream may write as text (`"187.9500"`, as Alpha Vantage writes every
/// number and Alpaca's trading API its amounts) or as a JSON number (`187.95`).
///
/// Text is read exactly as written, trailing zeros included. A number is read through
/// `Decimal`, which keeps its value but not its trailing zeros (see
/// `ExactDecimal(exactly:)`). Anything else fails to decode, as does a value that cannot
/// be held exactly, so a price never passes through `Double`.
package struct UpstreamDecimal: Decodable, Sendable, Hashable {
  package let exact: ExactDecimal

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      guard let exact = ExactDecimal(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Expected a decimal number, got \"\(text)\"")
      }
      self.exact = exact
      return
    }
    let number = try container.decode(Decimal.self)
    guard let exact = ExactDecimal(exactly: number) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(number) cannot be held exactly")
    }
    self.exact = exact
  }
}

extension KeyedDecodingContainer {
  /// The amount at `key`; `nil` when it is missing, `null` or not a number. For fields an
  /// upstream may fill with anything and for which the reader has a fallback.
  package func decimalIfReadable(forKey key: Key) -> ExactDecimal? {
    (try? decode(UpstreamDecimal.self, forKey: key))?.exact
  }
}
