import Foundation
import RavenCore
import RavenStore

/// One trade of an account as the app lists it: a ledger trade, or a brokerage order
/// with what of it has filled so far.
public struct AccountTrade: Sendable, Hashable {
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

extension AccountTrade {
  /// A ledger trade: filled at once, in whole.
  public init(_ record: TradeRecord) {
    self.init(
      id: String(record.id.rawValue), symbol: record.trade.symbol, side: record.trade.side,
      shares: record.trade.shares, price: record.trade.price, amount: record.trade.amount,
      realizedProfit: record.trade.realizedProfit, time: record.trade.time, status: "filled")
  }

  /// A brokerage order: the shares asked for, and the price and amount of what has
  /// filled so far (zero until something fills).
  public init(_ order: BrokerageOrder) {
    let price = order.filledAveragePrice ?? .zero
    self.init(
      id: order.id, symbol: order.symbol, side: order.side, shares: order.shares, price: price,
      amount: (order.filledShares * price).roundedToCents(), realizedProfit: .zero,
      time: order.filledAt ?? order.submittedAt, status: order.status)
  }
}

/// What placing an order answers.
public struct AccountReceipt: Sendable, Hashable {
  public var trade: AccountTrade
  /// Cash right after the order.
  public var cash: Money
  /// Whether this answers a retried request: the order was placed by the first one.
  public var isReplay: Bool

  public init(trade: AccountTrade, cash: Money, isReplay: Bool) {
    self.trade = trade
    self.cash = cash
    self.isReplay = isReplay
  }
}

/// One page of an account's trades, newest first.
public struct AccountTradesPage: Sendable, Hashable {
  public var trades: [AccountTrade]
  /// Pass as `before` for the next (older) page; nil on the last page.
  public var nextCursor: Int64?

  public init(trades: [AccountTrade], nextCursor: Int64?) {
    self.trades = trades
    self.nextCursor = nextCursor
  }
}

/// The shares that fund goals and the prices they are valued at.
public struct AccountHoldings: Sendable, Hashable {
  public var shares: [Symbol: Quantity]
  public var prices: [Symbol: Price]

  public init(shares: [Symbol: Quantity], prices: [Symbol: Price]) {
    self.shares = shares
    self.prices = prices
  }
}
