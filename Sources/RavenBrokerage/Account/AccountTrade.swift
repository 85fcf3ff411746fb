import Foundation
import RavenCore
import RavenStore

extension AccountTrade {
  /// A ledger trade: filled at once, in whole.
  public init(_ record: TradeRecord) {
    self.init(
      id: String(record.id.rawValue), symbol: record.trade.symbol, side: record.trade.side,
      shares: record.trade.shares, price: record.trade.price, amount: record.trade.amount,
      realizedProfit: record.trade.realizedProfit, time: record.trade.time, status: "filled")
  }

  /// A brokerage's order: the shares asked for, and the price and amount of what has
  /// filled so far (zero until something fills).
  public init(_ order: Order) {
    let price = order.filledAvgPrice ?? .zero
    self.init(
      id: order.id.uuidString.lowercased(), symbol: order.symbol, side: order.side,
      shares: order.qty ?? order.filledQty, price: price,
      amount: (order.filledQty * price).roundedToCents(), realizedProfit: .zero,
      time: order.filledAt ?? order.submittedAt,
      status: order.brokerStatus ?? order.status.rawValue)
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
