import Foundation
import RavenCore

/// What to buy or sell: always a market order good for the day, for whole or
/// fractional shares.
public struct BrokerageOrderRequest: Sendable, Hashable {
  public var symbol: Symbol
  public var side: TradeSide
  public var shares: Quantity
  /// Makes a retried request find its first order instead of placing another.
  public var clientOrderID: String?

  public init(symbol: Symbol, side: TradeSide, shares: Quantity, clientOrderID: String? = nil) {
    self.symbol = symbol
    self.side = side
    self.shares = shares
    self.clientOrderID = clientOrderID
  }
}

/// An order as the brokerage reports it: accepted, partly or wholly filled, or ended.
public struct BrokerageOrder: Sendable, Hashable {
  public var id: String
  public var clientOrderID: String?
  public var symbol: Symbol
  public var side: TradeSide
  public var shares: Quantity
  public var filledShares: Quantity
  /// The average price of the filled shares; nil until some are filled.
  public var filledAveragePrice: Price?
  /// The brokerage's word, e.g. `new`, `accepted`, `partially_filled`, `filled`,
  /// `canceled`, `expired`, `rejected`.
  public var status: String
  public var submittedAt: Date
  public var filledAt: Date?

  public init(
    id: String, clientOrderID: String?, symbol: Symbol, side: TradeSide, shares: Quantity,
    filledShares: Quantity, filledAveragePrice: Price?, status: String, submittedAt: Date,
    filledAt: Date?
  ) {
    self.id = id
    self.clientOrderID = clientOrderID
    self.symbol = symbol
    self.side = side
    self.shares = shares
    self.filledShares = filledShares
    self.filledAveragePrice = filledAveragePrice
    self.status = status
    self.submittedAt = submittedAt
    self.filledAt = filledAt
  }

  /// Whether the order will change no more: filled, or ended without (all) its shares.
  public var isFinal: Bool {
    ["filled", "canceled", "expired", "rejected", "done_for_day", "replaced"].contains(status)
  }
}
