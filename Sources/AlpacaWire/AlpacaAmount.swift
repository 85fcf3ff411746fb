import Foundation

/// An amount as Alpaca writes it: decimal text in the trading API (`"cash": "100000.5"`),
/// a JSON number where a client sends one (`"qty": 1.5`, as alpaca-py does). Kept as
/// written; the exact value is read at the edges, with Raven's exact decimals.
public enum AlpacaAmount: Codable, Hashable, Sendable {
  /// `"187.95"`: the text as written, trailing zeros included.
  case text(String)
  /// `187.95`: a JSON number, as `JSONDecoder` reads one into `Decimal`.
  case number(Decimal)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self = .text(text)
    } else {
      self = .number(try container.decode(Decimal.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    }
  }
}
