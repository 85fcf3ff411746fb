import Foundation

/// The price of one share in US dollars (`187.95`, or `0.4512` for a penny stock).
public struct Price: DecimalAmount {
  public let exact: ExactDecimal

  public init(exact: ExactDecimal) { self.exact = exact }

  public init(cents: Int64) { self.exact = ExactDecimal(units: cents, fractionDigits: 2) }

  /// `units` ten-thousandths of a dollar, the finest tick a US quote uses.
  public init(basisUnits units: Int64) {
    self.exact = ExactDecimal(units: units, fractionDigits: 4)
  }

  public static let zero = Price(cents: 0)

  /// The fraction digits of the tick a price like this one trades in: US equities trade in
  /// cents, and in hundredths of a cent below $1.
  public var tickFractionDigits: Int { self < Price(cents: 100) ? 4 : 2 }

  /// The smallest step from a price like this one: a cent, or a hundredth of a cent below $1.
  public var tick: Price { self < Price(cents: 100) ? Price(basisUnits: 1) : Price(cents: 1) }

  /// The cost of `quantity` shares at this price, exact (not yet rounded to cents).
  public static func * (price: Price, quantity: Quantity) -> Money {
    Money(exact: price.exact * quantity.exact)
  }

  public static func * (quantity: Quantity, price: Price) -> Money { price * quantity }

  /// The change to `other` as a percentage of this price, e.g. `+1.23`; `nil` for a zero price.
  public func percentChange(to other: Price, fractionDigits: Int = 2) -> ExactDecimal? {
    ((other.exact - exact) * 100).divided(by: exact, fractionDigits: fractionDigits)
  }
}

extension Money {
  /// The price per share when this amount buys `quantity` shares (average cost),
  /// rounded to `fractionDigits`; `nil` for zero shares.
  public func perShare(_ quantity: Quantity, fractionDigits: Int = 4) -> Price? {
    exact.divided(by: quantity.exact, fractionDigits: fractionDigits).map(Price.init(exact:))
  }
}
