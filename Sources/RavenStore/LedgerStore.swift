import Foundation
import RavenCore

/// An account's money, holdings, trades and orders, and what the order engine reads and
/// changes.
public protocol LedgerStore: Sendable {
  // MARK: Account and trades

  func account(accountID: AccountID) async throws(StoreError) -> Account

  /// Trades newest first, older than `before` when given, at most `limit`.
  func trades(accountID: AccountID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]

  /// The trades an order's fills made, oldest first, each with the cash right after it.
  func trades(orderID: UUID, accountID: AccountID) async throws(StoreError) -> [TradeReceipt]

  /// The trades of the account's current period, oldest first (to rebuild holdings over
  /// time).
  func tradeHistory(accountID: AccountID) async throws(StoreError) -> [TradeRecord]

  /// Arranges positions: `symbols` first in that order, positions not named after them
  /// in their previous order; symbols not held are ignored.
  func setPositionOrder(accountID: AccountID, symbols: [Symbol]) async throws(StoreError)

  // MARK: Transfers

  /// Adds `amount` to an open paper account's cash in one transaction, as money from
  /// outside it (negative: a withdrawal), in its current period. A withdrawal of more than
  /// the cash open orders do not hold throws `.transfer(.insufficientFunds)`; a closed
  /// account `.accountClosed`. A withdrawal that would leave less cash than `cashFloor`
  /// (a margin account's, from its equity above the initial margin) throws
  /// `.transfer(.insufficientFunds)` too: checked in the transaction, so two withdrawals
  /// at once cannot both pass it. With `idempotencyKey`, a repeat returns the first transfer
  /// (`isReplay`) and moves nothing.
  func transfer(
    _ amount: Money, accountID: AccountID, idempotencyKey: String?, cashFloor: Money?,
    at time: Date
  ) async throws(StoreError) -> TransferReceipt

  /// The transfers of the account's current period, oldest first.
  func transfers(accountID: AccountID) async throws(StoreError) -> [Transfer]

  // MARK: Corporate actions

  /// Books `action` at its ex-date's open in every open paper account it touches, once per
  /// account however often it is asked (by a restart, by another server): where the
  /// account holds its symbol, a split multiplies the shares (the cost stays) and the
  /// shares its goals allocate, a dividend is owed on the shares held; each open order of
  /// its symbol is re-priced or ended (`OrderUpdate.corporateAction`). One transaction.
  /// Returns the bookings made; none for accounts booked before.
  func bookCorporateAction(_ action: CorporateAction, at time: Date) async throws(StoreError)
    -> [CorporateActionBooking]

  /// Pays every dividend owed with a payable date on or before `date` and not yet paid,
  /// to the account that was owed it (not after the account was reset or closed). One
  /// transaction. Returns the bookings paid.
  func payDividends(payableThrough date: MarketDate, at time: Date) async throws(StoreError)
    -> [CorporateActionBooking]

  /// The symbols an open paper account holds or has an open order in: those whose
  /// corporate actions must be booked.
  func symbolsInUse() async throws(StoreError) -> Set<Symbol>

  /// The account's bookings in its current period, newest ex-date first.
  func corporateActionBookings(accountID: AccountID) async throws(StoreError)
    -> [CorporateActionBooking]

  // MARK: Orders

  /// Places `order` as one transaction: refuses a client order ID the account has used
  /// (`.order(.duplicateClientOrderID)`), a buy beyond the buying power (cash less what
  /// open buys hold: `.order(.insufficientFunds)`) and a sale beyond the shares not held
  /// by open sales (`.order(.insufficientShares)`), then records it. `holdPrice` is what
  /// the order holds cash at while open (`OrderHold.price`).
  ///
  /// `replacing`, when given, is an open order of the account's that the new one replaces in
  /// the same transaction: what it holds is free for the new order, and it ends
  /// `replaced` with `replacedBy` set (`notFound` when it is not the account's,
  /// `.order(.orderNotReplaceable)` once it has ended).
  ///
  /// `matched` are what the order engine found for the new order in the minute it is
  /// placed (its version 1): applied in the same transaction, so a market order placed
  /// and filled at once is one write. Returns the order after them.
  ///
  /// `pricing` prices the account's positions for a margin account's buying power (at
  /// their average cost when nil).
  ///
  /// `legs` are a bracket's, OTO's or OCO's other orders (`OrderRequest.legs`), inserted
  /// with it, made active at once when the order fills as it is placed.
  ///
  /// `claim` is the share of the minute's volume `matched` fills: recorded with the order,
  /// or the placement is refused with `minuteVolumeTaken` when the minute has less left.
  func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange], pricing: PlacementPricing?, legs: [Order], claim: MinuteVolumeClaim?
  ) async throws(StoreError) -> StoredOrder

  /// Throws `notFound` for a missing order or another account's.
  func order(id: UUID, accountID: AccountID) async throws(StoreError) -> StoredOrder

  /// The account's order with this client order ID; throws `notFound` when there is none.
  func order(clientOrderID: String, accountID: AccountID) async throws(StoreError) -> StoredOrder

  /// The account's orders newest first, placed before the sequence `before` when given.
  func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder]

  /// The account's orders submitted inside `window`, ordered by their submission time and
  /// then the order they were stored in (oldest or newest first, as the window says), past
  /// the window's cursor: a bot
  /// paging by time sees every order once, whatever order they were stored in.
  func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?,
    submitted window: OrderTimeWindow,
    limit: Int
  ) async throws(StoreError) -> [StoredOrder]

  /// Every account's open orders, oldest first: what the engine matches; an open row that
  /// cannot be read is reported in `unreadable` instead of failing the whole read.
  func openOrders() async throws(StoreError) -> OpenOrders

  /// The open paper accounts set to trade on margin that hold a position, with their
  /// owners: those a margin call may concern.
  func marginAccounts() async throws(StoreError) -> [OwnedAccount]

  /// Ends an open order as `rejected` for `reason` at `time` without reading it as an
  /// order or touching the account: for an order the engine cannot read or apply. Its
  /// hold is released and its version bumped; its body says so as far as it reads.
  /// Returns the order as it now reads (`nil` when its body still cannot be read, or it
  /// was no longer open).
  func rejectOrder(id: UUID, accountID: AccountID, reason: String, at time: Date)
    async throws(StoreError) -> StoredOrder?

  /// Applies `changes` in one transaction: each fill to the account's cash and position
  /// and to its order together, or not at all. A change worked out from an order's older
  /// version is skipped, so a retry, a restart or a second server never applies a fill
  /// twice. Returns the orders changed.
  ///
  /// `matchedThrough`, when given, records in the same transaction that the engine has
  /// matched every minute before it (never moving the record backwards), so a restart
  /// neither matches a minute twice nor skips one.
  func changeOrders(_ changes: [OrderChange], matchedThrough: Date?) async throws(StoreError)
    -> [StoredOrder]

  /// The start of the first minute the engine has not matched; `nil` before it ever ran.
  func ordersMatchedThrough() async throws(StoreError) -> Date?

  /// What placements claimed of the minutes starting in `[from, to)` (`claim` above).
  func minuteVolumeTaken(from: Date, to: Date) async throws(StoreError) -> [MinuteVolumeTaken]

  /// Forgets the claims on minutes before `minute`: matched, nothing takes from them again.
  func forgetMinuteVolume(before minute: Date) async throws(StoreError)
}

extension LedgerStore {
  /// Places a new order (replacing none), unmatched.
  public func placeOrder(_ order: Order, holdPrice: Price, accountID: AccountID)
    async throws(StoreError) -> StoredOrder
  {
    try await placeOrder(
      order, holdPrice: holdPrice, accountID: accountID, replacing: nil, matched: [],
      pricing: nil, legs: [], claim: nil)
  }

  /// Places a new order, unmatched.
  public func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?
  ) async throws(StoreError) -> StoredOrder {
    try await placeOrder(
      order, holdPrice: holdPrice, accountID: accountID, replacing: replacing, matched: [],
      pricing: nil, legs: [], claim: nil)
  }

  /// Places a new order with what the engine matched, pricing a margin account at cost.
  public func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange]
  ) async throws(StoreError) -> StoredOrder {
    try await placeOrder(
      order, holdPrice: holdPrice, accountID: accountID, replacing: replacing, matched: matched,
      pricing: nil, legs: [], claim: nil)
  }

  /// Places a simple order.
  public func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange], pricing: PlacementPricing?
  ) async throws(StoreError) -> StoredOrder {
    try await placeOrder(
      order, holdPrice: holdPrice, accountID: accountID, replacing: replacing, matched: matched,
      pricing: pricing, legs: [], claim: nil)
  }

  /// Applies `changes` without moving the engine's record of matched minutes.
  public func changeOrders(_ changes: [OrderChange]) async throws(StoreError) -> [StoredOrder] {
    try await changeOrders(changes, matchedThrough: nil)
  }
}
