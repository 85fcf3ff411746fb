import Foundation

/// An amount of US dollars: cash, a cost, a market value, a profit or loss.
///
/// Cash moves in whole cents; intermediate values (a fractional share's exact cost)
/// may carry more digits until they are rounded with `roundedToCents()`.
public struct Money: DecimalAmount {
  public let exact: ExactDecimal

  public init(exact: ExactDecimal) { self.exact = exact }

  public init(cents: Int64) { self.exact = ExactDecimal(units: cents, fractionDigits: 2) }

  public init(dollars: Int) {
    let (cents, overflow) = Int64(dollars).multipliedReportingOverflow(by: 100)
    self.exact =
      overflow
      ? ExactDecimal(Decimal(dollars), fractionDigits: 2)
      : ExactDecimal(units: cents, fractionDigits: 2)
  }

  public static let zero = Money(cents: 0)

  /// Whole cents, half away from zero: what a brokerage books.
  public func roundedToCents() -> Money { rounded(toFractionDigits: 2) }

  /// This amount as a fraction of `total`, in percent with `fractionDigits` digits;
  /// `nil` when `total` is zero.
  public func percent(of total: Money, fractionDigits: Int = 2) -> ExactDecimal? {
    (exact * 100).divided(by: total.exact, fractionDigits: fractionDigits)
  }
}

extension Money: ExpressibleByIntegerLiteral {
  public init(integerLiteral dollars: Int) { self.init(dollars: dollars) }
}
