import Foundation

/// One trade of an account as the app lists it: a ledger trade, or a brokerage order
/// with what of it has filled so far. The API answers trades in this shape.
public struct AccountTrade: Sendable, Hashable, Codable {
  public var id: String
  public var symbol: Symbol
  public var side: TradeSide
  /// The shares asked for.
  public var shares: Quantity
  /// The (average) fill price; zero until something fills.
  public var price: Price
  /// Cash that moved.
  public var amount: Money
  /// Proceeds − cost basis of a sale; zero for a buy and where a brokerage does not say.
  public var realizedProfit: Money
  /// When it filled, or was submitted while it has not.
  public var time: Date
  /// `filled` for the ledger's trades; a brokerage order's state until it fills.
  public var status: String

  public init(
    id: String, symbol: Symbol, side: TradeSide, shares: Quantity, price: Price,
    amount: Money, realizedProfit: Money, time: Date, status: String
  ) {
    self.id = id
    self.symbol = symbol
    self.side = side
    self.shares = shares
    self.price = price
    self.amount = amount
    self.realizedProfit = realizedProfit
    self.time = time
    self.status = status
  }
}
