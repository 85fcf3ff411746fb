import RavenCore

/// One open position as the brokerage values it.
public struct BrokeragePosition: Sendable, Hashable {
  public var symbol: Symbol
  public var shares: Quantity
  /// The shares not held by open sales (Alpaca's `qty_available`).
  public var sharesAvailable: Quantity
  public var averageCost: Price
  public var costBasis: Money
  public var price: Price
  /// The price at the previous session's close.
  public var previousClose: Price
  public var marketValue: Money
  /// Market value − cost basis.
  public var unrealizedProfit: Money
  /// Today's change in market value.
  public var dayChange: Money

  public init(
    symbol: Symbol, shares: Quantity, averageCost: Price, costBasis: Money, price: Price,
    previousClose: Price, marketValue: Money, unrealizedProfit: Money, dayChange: Money,
    sharesAvailable: Quantity? = nil
  ) {
    self.sharesAvailable = sharesAvailable ?? shares
    self.symbol = symbol
    self.shares = shares
    self.averageCost = averageCost
    self.costBasis = costBasis
    self.price = price
    self.previousClose = previousClose
    self.marketValue = marketValue
    self.unrealizedProfit = unrealizedProfit
    self.dayChange = dayChange
  }
}
