import AlpacaWire
import RavenCore

extension AlpacaAmount {
  /// Decimal text without trailing zeros (`"187.5"`), as Alpaca writes amounts.
  package init(_ value: ExactDecimal) { self = .text(value.trimmed.description) }

  /// The amount exactly as written; `nil` for text that is not a decimal number or a
  /// number that cannot be held exactly (see `ExactDecimal(exactly:)`).
  package var exact: ExactDecimal? {
    switch self {
    case .text(let text): ExactDecimal(text)
    case .number(let number): ExactDecimal(exactly: number)
    }
  }
}
