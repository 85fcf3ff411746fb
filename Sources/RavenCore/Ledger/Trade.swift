import Foundation

/// One executed trade, as the ledger recorded it.
public struct Trade: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var side: TradeSide
  public var shares: Quantity
  public var price: Price
  /// Cash that moved, in cents, always positive: the cost of a buy (rounded up to
  /// the cent) or the proceeds of a sale (rounded down to the cent).
  public var amount: Money
  /// Proceeds − cost basis removed, for a sale; zero for a buy.
  public var realizedProfit: Money
  public var time: Date

  public init(
    symbol: Symbol, side: TradeSide, shares: Quantity, price: Price, amount: Money,
    realizedProfit: Money, time: Date
  ) {
    self.symbol = symbol
    self.side = side
    self.shares = shares
    self.price = price
    self.amount = amount
    self.realizedProfit = realizedProfit
    self.time = time
  }
}
