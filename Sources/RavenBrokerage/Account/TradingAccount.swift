import Foundation
import RavenCore
import RavenStore

/// A user's account, whichever brokerage holds it: the built-in ledger
/// (`LedgerAccount`) or a linked brokerage account (`LinkedBrokerageAccount`). It is
/// chosen once per request, so the server's controllers, the CLI and an API facade call
/// it and never ask which it is.
///
/// Refusals are the ledger's own errors (`TradeError`, `StoreError`, `MarketDataError`)
/// or the brokerage's (`BrokerageError`); the server maps each to one set of messages.
public protocol TradingAccount: Sendable {
  /// Which of its owner's accounts this is.
  var accountID: AccountID { get }

  /// Cash, net worth and every position valued now, in the order the user arranged them.
  func portfolio() async throws -> AccountPortfolio

  /// Net worth looking back `lookback` (`.all`: since the account began), oldest first.
  func equityHistory(_ lookback: ChartLookback) async throws -> BrokeragePortfolioHistory

  /// Places an order of any type; it fills now, rests, or is refused (`OrderError`).
  /// `filling` says how the built-in ledger fills a market order as it is placed (a
  /// simple trade fills at the quote); a linked brokerage fills its orders itself.
  func placeOrder(_ request: OrderRequest, filling: MarketFilling) async throws -> Order

  /// The order placed with this client order id, or nil: how a retried simple trade
  /// finds the order its first request placed.
  func order(clientOrderID: String) async throws -> Order?

  /// What a simple trade's order did, for its receipt: the trade it made and the cash
  /// right after it.
  func receipt(for order: Order, isReplay: Bool) async throws -> AccountReceipt

  /// Orders newest first, placed before the cursor `before` when given.
  func orders(status: OrderListStatus, symbol: Symbol?, limit: Int, before: Int64?)
    async throws -> AccountOrdersPage

  /// One order; `StoreError.notFound` for a missing one or another user's.
  func order(id: UUID) async throws -> Order

  /// Cancels an open order (`OrderError.orderNotCancelable` once it has ended).
  func cancelOrder(id: UUID) async throws -> Order

  /// Replaces an open order with a new one changed as `replacement` says; returns the new
  /// order (the old one ends `replaced`). Refused as a new order would be, and with
  /// `OrderError.orderNotReplaceable` once the order has ended.
  func replaceOrder(id: UUID, with replacement: OrderReplacement) async throws -> Order

  /// The trade history, newest first, older than the cursor `before` when given: the
  /// ledger's fills, or a linked brokerage's orders.
  func trades(limit: Int, before: Int64?) async throws -> AccountTradesPage

  /// Fills, dividends and splits, newest first, at most `limit`, older than `before`.
  func activities(limit: Int, before: ActivityCursor?) async throws -> AccountActivitiesPage

  /// The shares that fund the user's goals and the prices they are valued at; `symbols`
  /// are the goals' symbols, which need a price whether held or not.
  func holdings(pricing symbols: Set<Symbol>) async throws -> AccountHoldings

  /// Creates (`id == nil`) or replaces a goal, checked against this account's holdings
  /// and the user's other goals.
  func saveGoal(_ goal: Goal, id: GoalID?, at time: Date) async throws -> GoalRecord

  /// Moves `amount` into the account from outside it (negative: out of it), at the
  /// market's now; a repeated `idempotencyKey` returns the first transfer. A linked
  /// account refuses (`TransferError.linkedAccount`): its money is the brokerage's.
  func transfer(_ amount: Money, idempotencyKey: String?) async throws -> TransferReceipt

  /// The deposits and withdrawals of the account's current period, oldest first; none for
  /// a linked account.
  func transfers() async throws -> [Transfer]
}

/// One page of an account's orders, newest first.
public struct AccountOrdersPage: Sendable, Hashable {
  public var orders: [Order]
  /// Pass as `before` for the next page; `nil` on the last.
  public var nextCursor: Int64?

  public init(orders: [Order], nextCursor: Int64?) {
    self.orders = orders
    self.nextCursor = nextCursor
  }
}
