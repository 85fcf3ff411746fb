import Foundation

/// The shares of one stock held, and what they cost: negative shares and a negative cost
/// (the proceeds of the sale) for a short position.
public struct Position: Sendable, Hashable, Codable {
  public let symbol: Symbol
  public internal(set) var shares: Quantity
  /// What was paid for the shares still held, in cents (average-cost method: a sale
  /// removes its proportional share of this amount).
  public internal(set) var totalCost: Money

  public init(symbol: Symbol, shares: Quantity, totalCost: Money) {
    self.symbol = symbol
    self.shares = shares
    self.totalCost = totalCost
  }

  /// Total cost ÷ shares, to four fraction digits; zero for an empty position.
  public var averageCost: Price {
    totalCost.perShare(shares) ?? .zero
  }

  /// Shares × price, in whole cents.
  public func marketValue(at price: Price) -> Money {
    (price * shares).roundedToCents()
  }

  /// (price − average cost) × shares, in whole cents.
  ///
  /// Computed as exact market value − total cost, which is that product with the
  /// average cost unrounded, so it never drifts by the average cost's rounding.
  public func changeFromCost(at price: Price) -> Money {
    ((price * shares) - totalCost).roundedToCents()
  }

  /// The change from total cost as a percentage of total cost's size (`12.34` for
  /// +12.34 %; a short position gains as the price falls).
  public func changeFromCostPercent(at price: Price) -> ExactDecimal {
    changeFromCost(at: price).percent(of: totalCost.magnitude)
      ?? ExactDecimal.zero.withFractionDigits(2)
  }

  /// Whether the position is short: shares sold that were borrowed.
  public var isShort: Bool { shares.isNegative }
}
