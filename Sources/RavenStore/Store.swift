import Foundation
import RavenCore

/// Everything Raven keeps: users, sign-ins, accounts, trades, watchlists and goals.
///
/// Implementations: `SQLiteStore` (GRDB, WAL; the default) and `PostgresStore`
/// (PostgresNIO; many servers, one database). One conformance suite runs against both.
///
/// Every method that takes a `userID` only ever reads or changes that user's rows; a
/// record of another user is reported as `notFound`, exactly like a missing one.
public protocol Store: IdentityStore, LedgerStore, MarketClockStore, WatchlistStore, GoalStore,
  BrokerageLinkStore
{
  /// Applies the numbered migrations not yet applied. Safe to call on every start and
  /// from several servers at once.
  func migrate() async throws(StoreError)
}

/// Who people are and how they sign in: users, browser sessions, API tokens and the
/// Alpaca-compatible API's keys.
public protocol IdentityStore: Sendable {
  // MARK: Users

  /// Creates a user and their account with `startingCash`. Usernames are compared
  /// case-insensitively; throws `usernameTaken`.
  func createUser(username: String, passwordHash: String, startingCash: Money, at time: Date)
    async throws(StoreError) -> User
  func credentials(username: String) async throws(StoreError) -> UserCredentials?
  func user(id: UserID) async throws(StoreError) -> User?
  /// Replaces a user's password hash (a new password, or an old kind of hash upgraded).
  func setPasswordHash(_ passwordHash: String, userID: UserID) async throws(StoreError)

  // MARK: Browser sessions

  func createSession(_ session: BrowserSession) async throws(StoreError)
  /// The session with this token hash, unless it expired before `time`.
  func session(tokenHash: String, at time: Date) async throws(StoreError) -> BrowserSession?
  func deleteSession(tokenHash: String) async throws(StoreError)
  /// Signs a user out everywhere but the session with `keeping` (when given).
  func deleteSessions(userID: UserID, keeping tokenHash: String?) async throws(StoreError)

  // MARK: API tokens

  func createAPIToken(userID: UserID, name: String, tokenHash: String, at time: Date)
    async throws(StoreError) -> APIToken
  func apiToken(tokenHash: String) async throws(StoreError) -> APIToken?
  /// The token with this hash and the user it belongs to, looked up together (every
  /// API request asks); `nil` when there is no such token.
  func apiTokenOwner(tokenHash: String) async throws(StoreError) -> (APIToken, User)?
  func apiTokens(userID: UserID) async throws(StoreError) -> [APIToken]
  /// Throws `notFound` when the token is missing or another user's.
  func deleteAPIToken(id: APITokenID, userID: UserID) async throws(StoreError)
  /// Revokes all of a user's personal tokens (signing out everywhere); none is not an error.
  func deleteAPITokens(userID: UserID) async throws(StoreError)

  // MARK: API keys (the Alpaca-compatible API's)

  /// Stores a new key, its secret only as `secretHash`.
  func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError)
  /// The user's keys, oldest first.
  func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey]
  /// Throws `notFound` when the key is missing or another user's.
  func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError)
  /// The key with this key ID, its secret's hash and its owner; `nil` when there is none.
  func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
}

/// An account's money, holdings, trades and orders, and what the order engine reads and
/// changes.
public protocol LedgerStore: Sendable {
  // MARK: Account and trades

  func account(userID: UserID) async throws(StoreError) -> Account

  /// Trades newest first, older than `before` when given, at most `limit`.
  func trades(userID: UserID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]

  /// The trades an order's fills made, oldest first, each with the cash right after it.
  func trades(orderID: UUID, userID: UserID) async throws(StoreError) -> [TradeReceipt]

  /// Every trade of the user, oldest first (to rebuild holdings over time).
  func tradeHistory(userID: UserID) async throws(StoreError) -> [TradeRecord]

  /// Arranges positions: `symbols` first in that order, positions not named after them
  /// in their previous order; symbols not held are ignored.
  func setPositionOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError)

  // MARK: Orders

  /// Places `order` as one transaction: refuses a client order ID the user has used
  /// (`.order(.duplicateClientOrderID)`), a buy beyond the buying power (cash less what
  /// open buys hold: `.order(.insufficientFunds)`) and a sale beyond the shares not held
  /// by open sales (`.order(.insufficientShares)`), then records it. `holdPrice` is what
  /// the order holds cash at while open (`OrderHold.price`).
  ///
  /// `replacing`, when given, is an open order of the user's that the new one replaces in
  /// the same transaction: what it holds is free for the new order, and it ends
  /// `replaced` with `replacedBy` set (`notFound` when it is not theirs,
  /// `.order(.orderNotReplaceable)` once it has ended).
  ///
  /// `matched` are what the order engine found for the new order in the minute it is
  /// placed (its version 1): applied in the same transaction, so a market order placed
  /// and filled at once is one write. Returns the order after them.
  func placeOrder(
    _ order: Order, holdPrice: Price, userID: UserID, replacing: UUID?, matched: [OrderChange]
  ) async throws(StoreError) -> StoredOrder

  /// Throws `notFound` for a missing order or another user's.
  func order(id: UUID, userID: UserID) async throws(StoreError) -> StoredOrder

  /// The user's order with this client order ID; throws `notFound` when there is none.
  func order(clientOrderID: String, userID: UserID) async throws(StoreError) -> StoredOrder

  /// The user's orders newest first, placed before the sequence `before` when given.
  func orders(
    userID: UserID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder]

  /// Every user's open orders, oldest first: what the engine matches; an open row that
  /// cannot be read is reported in `unreadable` instead of failing the whole read.
  func openOrders() async throws(StoreError) -> OpenOrders

  /// Ends an open order as `rejected` for `reason` at `time` without reading it as an
  /// order or touching the account: for an order the engine cannot read or apply. Its
  /// hold is released and its version bumped; its body says so as far as it reads.
  /// Returns the order as it now reads (`nil` when its body still cannot be read, or it
  /// was no longer open).
  func rejectOrder(id: UUID, userID: UserID, reason: String, at time: Date)
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
}

/// The simulated market's clock, kept with the data.
public protocol MarketClockStore: Sendable {
  // MARK: The simulated market's clock

  /// The simulated market's clock as stored with the data; nil when it keeps real time.
  func marketClock() async throws(StoreError) -> MarketClockSetting?

  /// Stores the market's clock. `rewindMatchingTo`, when given and earlier than the last
  /// minute matched, moves that record back to it (the market's time was moved back to a
  /// start after the latest fill; the minutes from there are matched again).
  func saveMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError)

  /// The time of the latest fill of any account: the market's time may not move before it.
  func latestFill() async throws(StoreError) -> Date?
}

/// A user's watchlist (the web app's) and named watchlists (the Alpaca-compatible
/// API's).
public protocol WatchlistStore: Sendable {
  // MARK: Watchlist

  func watchlist(userID: UserID) async throws(StoreError) -> [Symbol]
  /// Adds at the end; adding a symbol already there changes nothing.
  func addToWatchlist(userID: UserID, symbol: Symbol, at time: Date) async throws(StoreError)
  /// Throws `notFound` when the symbol is not on the watchlist.
  func removeFromWatchlist(userID: UserID, symbol: Symbol) async throws(StoreError)
  /// Like `setPositionOrder`, for the watchlist.
  func setWatchlistOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError)

  // MARK: Named watchlists (the Alpaca-compatible API's)

  func createWatchlist(_ list: NamedWatchlist) async throws(StoreError)
  /// The user's lists, oldest first.
  func watchlists(userID: UserID) async throws(StoreError) -> [NamedWatchlist]
  /// Throws `notFound` when the list is missing or another user's.
  func watchlist(id: UUID, userID: UserID) async throws(StoreError) -> NamedWatchlist
  /// Replaces the list's name, symbols and update time; `notFound` as above.
  func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError)
  func deleteWatchlist(id: UUID, userID: UserID) async throws(StoreError)
}

/// A user's financial goals.
public protocol GoalStore: Sendable {
  // MARK: Goals

  func goals(userID: UserID) async throws(StoreError) -> [GoalRecord]
  func goal(id: GoalID, userID: UserID) async throws(StoreError) -> GoalRecord

  /// Creates (`id == nil`) or replaces a goal in one transaction that first checks it
  /// with `GoalPlanner.validate(_:holdings:)` against the user's other goals and
  /// current holdings (throwing `.goal(GoalError)`). Throws `notFound` for another
  /// user's or a missing id.
  ///
  /// `holdings`, when given, stands in for the ledger's positions in that check: the
  /// shares of a user who trades through a linked brokerage are held there, not here.
  func saveGoal(
    _ goal: Goal, id: GoalID?, userID: UserID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord

  func deleteGoal(id: GoalID, userID: UserID) async throws(StoreError)
}

/// A user's link to their own brokerage account.
public protocol BrokerageLinkStore: Sendable {
  // MARK: Brokerage link

  /// The user's link to their own brokerage account; nil when they trade on the ledger.
  func brokerageLink(userID: UserID) async throws(StoreError) -> BrokerageLink?

  /// Links the user's brokerage account, replacing an earlier link. Throws `notFound`
  /// when the user does not exist.
  func saveBrokerageLink(_ link: BrokerageLink) async throws(StoreError)

  /// Unlinks: the user trades on their (untouched) ledger account again. Unlinking an
  /// unlinked user changes nothing.
  func deleteBrokerageLink(userID: UserID) async throws(StoreError)
}

extension LedgerStore {
  /// Places a new order (replacing none), unmatched.
  public func placeOrder(_ order: Order, holdPrice: Price, userID: UserID)
    async throws(StoreError) -> StoredOrder
  {
    try await placeOrder(order, holdPrice: holdPrice, userID: userID, replacing: nil, matched: [])
  }

  /// Places a new order, unmatched.
  public func placeOrder(_ order: Order, holdPrice: Price, userID: UserID, replacing: UUID?)
    async throws(StoreError) -> StoredOrder
  {
    try await placeOrder(
      order, holdPrice: holdPrice, userID: userID, replacing: replacing, matched: [])
  }

  /// Applies `changes` without moving the engine's record of matched minutes.
  public func changeOrders(_ changes: [OrderChange]) async throws(StoreError) -> [StoredOrder] {
    try await changeOrders(changes, matchedThrough: nil)
  }
}

extension GoalStore {
  /// Saves a goal checked against the user's ledger holdings.
  public func saveGoal(_ goal: Goal, id: GoalID?, userID: UserID, at time: Date)
    async throws(StoreError) -> GoalRecord
  {
    try await saveGoal(goal, id: id, userID: userID, holdings: nil, at: time)
  }
}

extension IdentityStore {
  /// The token, then its user: two lookups. Stores that can answer both at once do.
  public func apiTokenOwner(tokenHash: String) async throws(StoreError) -> (APIToken, User)? {
    guard let token = try await apiToken(tokenHash: tokenHash),
      let user = try await user(id: token.userID)
    else { return nil }
    return (token, user)
  }
}
