import Foundation
import RavenCore

/// Everything Raven keeps: users, sign-ins, accounts, trades, watchlists and goals, and
/// with live data each session's closes.
///
/// Implementations: `SQLiteStore` (GRDB, WAL; the default) and `PostgresStore`
/// (PostgresNIO; many servers, one database). One conformance suite runs against both.
///
/// Every method that takes a `userID` only ever reads or changes that user's rows; a
/// record of another user is reported as `notFound`, exactly like a missing one. Methods
/// that take an `accountID` read or change only that account's rows: the server resolves
/// which of a user's accounts a request names (`AccountStore.accounts(userID:)`) before
/// it passes one.
public protocol Store: IdentityStore, AccountStore, LedgerStore, MarketClockStore,
  WatchlistStore, GoalStore, BrokerageLinkStore, SessionCloseStore
{
  /// Applies the numbered migrations not yet applied, up to `version` when given (the
  /// schema an earlier release left, for testing a migration on its data). Safe to call
  /// on every start and from several servers at once.
  func migrate(through version: Int?) async throws(StoreError)
}

extension Store {
  /// Applies every migration not yet applied.
  public func migrate() async throws(StoreError) { try await migrate(through: nil) }
}

/// Who people are and how they sign in: users, browser sessions, API tokens and the
/// Alpaca-compatible API's keys.
public protocol IdentityStore: Sendable {
  // MARK: Users

  /// Creates a user and their first account ("Individual", a paper account with
  /// `startingCash`). Usernames are compared case-insensitively; throws `usernameTaken`.
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

  /// Stores a new key for one of its user's open accounts, its secret only as
  /// `secretHash` (`notFound` when the account is not the user's or is closed).
  func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError)
  /// The user's keys, oldest first.
  func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey]
  /// Throws `notFound` when the key is missing or another user's.
  func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError)
  /// The key with this key ID, its secret's hash and its owner; `nil` when there is none.
  func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
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

  /// Stores the market's first clock unless one is stored already, in one transaction, and
  /// returns the clock stored (`setting`, or the one another server starting on the same
  /// database stored first, which every server then runs on) and whether this call stored
  /// it. Only a call that stores it moves the matching record back, as `saveMarketClock`.
  func claimMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError) -> (setting: MarketClockSetting, claimed: Bool)

  /// The time of the latest fill of any account: the market's time may not move before it.
  func latestFill() async throws(StoreError) -> Date?
}

/// A user's watchlist (the web app's, the person's) and an account's named watchlists
/// (the Alpaca-compatible API's).
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
  /// The account's lists, oldest first.
  func watchlists(accountID: AccountID) async throws(StoreError) -> [NamedWatchlist]
  /// Throws `notFound` when the list is missing or another account's.
  func watchlist(id: UUID, accountID: AccountID) async throws(StoreError) -> NamedWatchlist
  /// Replaces the list's name, symbols and update time; `notFound` as above.
  func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError)
  func deleteWatchlist(id: UUID, accountID: AccountID) async throws(StoreError)
}

/// An account's financial goals, funded by its holdings.
public protocol GoalStore: Sendable {
  // MARK: Goals

  func goals(accountID: AccountID) async throws(StoreError) -> [GoalRecord]
  func goal(id: GoalID, accountID: AccountID) async throws(StoreError) -> GoalRecord

  /// Creates (`id == nil`) or replaces a goal in one transaction that first checks it
  /// with `GoalPlanner.validate(_:holdings:)` against the account's other goals and
  /// current holdings (throwing `.goal(GoalError)`). Throws `notFound` for another
  /// account's or a missing id.
  ///
  /// `holdings`, when given, stands in for the ledger's positions in that check: the
  /// shares of a user who trades through a linked brokerage are held there, not here.
  func saveGoal(
    _ goal: Goal, id: GoalID?, accountID: AccountID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord

  func deleteGoal(id: GoalID, accountID: AccountID) async throws(StoreError)
}

/// A user's link to their own brokerage account: an account of kind `alpaca`.
public protocol BrokerageLinkStore: Sendable {
  // MARK: Brokerage link

  /// The link that account `accountID` is; nil when it is not a linked account.
  func brokerageLink(accountID: AccountID) async throws(StoreError) -> BrokerageLink?

  /// Links the user's brokerage account: replaces the link of their open `alpaca`
  /// account, or opens one named `name` (a free variant of it when a paper account has
  /// it). Returns that account. Throws `notFound` when the user does not exist.
  func saveBrokerageLink(
    userID: UserID, name: String, provider: String, sealedCredentials: Data, keyHint: String,
    at time: Date
  ) async throws(StoreError) -> AccountRecord

  /// Unlinks: the link is forgotten and its account closed (the user's paper accounts are
  /// untouched). Returns the account closed; nil when the user had no link.
  func deleteBrokerageLink(userID: UserID, at time: Date) async throws(StoreError)
    -> AccountRecord?
}

/// A user's accounts: their names, kinds and lives. Their money and orders are the
/// `LedgerStore`'s.
public protocol AccountStore: Sendable {
  // MARK: Accounts

  /// The user's accounts, open and closed, in the order they were opened.
  func accounts(userID: UserID) async throws(StoreError) -> [AccountRecord]

  /// Opens a paper account with `startingCash`. Refuses a name one of the user's open
  /// accounts has (`accountNameTaken`, case-insensitively) and a user with `limit` open
  /// paper accounts already (`tooManyAccounts`); `notFound` for a missing user.
  func createAccount(
    userID: UserID, name: String, startingCash: Money, limit: Int, at time: Date
  ) async throws(StoreError) -> AccountRecord

  /// Renames one of the user's open accounts (`accountNameTaken` as above, `notFound`
  /// for a missing, closed or other user's account).
  func renameAccount(id: AccountID, userID: UserID, to name: String) async throws(StoreError)
    -> AccountRecord

  /// Replaces how one of the user's open paper accounts trades (`notFound` for a missing,
  /// closed, linked or other user's account).
  func setAccountSettings(id: AccountID, userID: UserID, to settings: AccountSettings)
    async throws(StoreError) -> AccountRecord

  /// Closes one of the user's open paper accounts and revokes its API keys, in one
  /// transaction. Refuses an account with open orders (`openOrders`) and the user's last
  /// open account (`lastAccount`); `notFound` for a missing, closed or other user's
  /// account. Returns the account and the ids of the keys revoked.
  func closeAccount(id: AccountID, userID: UserID, at time: Date) async throws(StoreError)
    -> (account: AccountRecord, revokedKeys: [UUID])

  /// Starts the next period of one of the user's open paper accounts with
  /// `startingCash`, in one transaction under the account's lock (never between an
  /// order's steps or the engine's fills): its open orders are canceled with the reason
  /// `reason`, its positions go, its cash and starting cash become `startingCash`. The
  /// old period's orders and trades stay readable; its keys keep working. `notFound` for a
  /// missing, linked or other user's account, `accountClosed` for a closed one. Returns
  /// the account and the orders canceled.
  func resetAccount(
    id: AccountID, userID: UserID, startingCash: Money, reason: String, at time: Date
  ) async throws(StoreError) -> (account: AccountRecord, canceled: [StoredOrder])
}

extension GoalStore {
  /// Saves a goal checked against the account's ledger holdings.
  public func saveGoal(_ goal: Goal, id: GoalID?, accountID: AccountID, at time: Date)
    async throws(StoreError) -> GoalRecord
  {
    try await saveGoal(goal, id: id, accountID: accountID, holdings: nil, at: time)
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
