import Foundation
import RavenCore
import RavenStore

/// SQLite that fails on text holding a NUL the way PostgreSQL does ("invalid byte
/// sequence for encoding UTF8: 0x00", which the store reports as unavailable), so that
/// tests on SQLite show whether such text ever reaches the store.
struct NULRefusingStore: Store {
  let base: any Store

  private func check(_ texts: String...) throws(StoreError) {
    if texts.contains(where: { $0.contains("\u{0}") }) {
      throw .unavailable("PostgreSQL 22021: invalid byte sequence for encoding \"UTF8\": 0x00")
    }
  }

  func migrate() async throws(StoreError) { try await base.migrate() }

  func createUser(username: String, passwordHash: String, startingCash: Money, at time: Date)
    async throws(StoreError) -> User
  {
    try check(username, passwordHash)
    return try await base.createUser(
      username: username, passwordHash: passwordHash, startingCash: startingCash, at: time)
  }

  func credentials(username: String) async throws(StoreError) -> UserCredentials? {
    try check(username)
    return try await base.credentials(username: username)
  }

  func user(id: UserID) async throws(StoreError) -> User? { try await base.user(id: id) }

  func setPasswordHash(_ passwordHash: String, userID: UserID) async throws(StoreError) {
    try check(passwordHash)
    try await base.setPasswordHash(passwordHash, userID: userID)
  }

  func createSession(_ session: BrowserSession) async throws(StoreError) {
    try check(session.tokenHash, session.csrfToken)
    try await base.createSession(session)
  }

  func session(tokenHash: String, at time: Date) async throws(StoreError) -> BrowserSession? {
    try check(tokenHash)
    return try await base.session(tokenHash: tokenHash, at: time)
  }

  func deleteSession(tokenHash: String) async throws(StoreError) {
    try check(tokenHash)
    try await base.deleteSession(tokenHash: tokenHash)
  }

  func deleteSessions(userID: UserID, keeping tokenHash: String?) async throws(StoreError) {
    try await base.deleteSessions(userID: userID, keeping: tokenHash)
  }

  func createAPIToken(userID: UserID, name: String, tokenHash: String, at time: Date)
    async throws(StoreError) -> APIToken
  {
    try check(name, tokenHash)
    return try await base.createAPIToken(userID: userID, name: name, tokenHash: tokenHash, at: time)
  }

  func apiToken(tokenHash: String) async throws(StoreError) -> APIToken? {
    try check(tokenHash)
    return try await base.apiToken(tokenHash: tokenHash)
  }

  func apiTokens(userID: UserID) async throws(StoreError) -> [APIToken] {
    try await base.apiTokens(userID: userID)
  }

  func createWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    try check(list.name)
    try await base.createWatchlist(list)
  }

  func watchlists(userID: UserID) async throws(StoreError) -> [NamedWatchlist] {
    try await base.watchlists(userID: userID)
  }

  func watchlist(id: UUID, userID: UserID) async throws(StoreError) -> NamedWatchlist {
    try await base.watchlist(id: id, userID: userID)
  }

  func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    try check(list.name)
    try await base.saveWatchlist(list)
  }

  func deleteWatchlist(id: UUID, userID: UserID) async throws(StoreError) {
    try await base.deleteWatchlist(id: id, userID: userID)
  }

  func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError) {
    try check(key.name)
    try await base.createAPIKey(key, secretHash: secretHash)
  }

  func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey] {
    try await base.apiKeys(userID: userID)
  }

  func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError) {
    try await base.deleteAPIKey(id: id, userID: userID)
  }

  func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
  {
    try check(keyID)
    return try await base.apiKeyOwner(keyID: keyID)
  }

  func deleteAPIToken(id: APITokenID, userID: UserID) async throws(StoreError) {
    try await base.deleteAPIToken(id: id, userID: userID)
  }

  func deleteAPITokens(userID: UserID) async throws(StoreError) {
    try await base.deleteAPITokens(userID: userID)
  }

  func account(userID: UserID) async throws(StoreError) -> Account {
    try await base.account(userID: userID)
  }

  func placeOrder(
    _ order: Order, holdPrice: Price, userID: UserID, replacing: UUID?, matched: [OrderChange]
  ) async throws(StoreError) -> StoredOrder {
    try check(order.clientOrderID)
    return try await base.placeOrder(
      order, holdPrice: holdPrice, userID: userID, replacing: replacing, matched: matched)
  }

  func order(id: UUID, userID: UserID) async throws(StoreError) -> StoredOrder {
    try await base.order(id: id, userID: userID)
  }

  func order(clientOrderID: String, userID: UserID) async throws(StoreError) -> StoredOrder {
    try check(clientOrderID)
    return try await base.order(clientOrderID: clientOrderID, userID: userID)
  }

  func orders(
    userID: UserID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    try await base.orders(
      userID: userID, status: status, symbol: symbol, before: before, limit: limit)
  }

  func openOrders() async throws(StoreError) -> OpenOrders { try await base.openOrders() }
  func rejectOrder(id: UUID, userID: UserID, reason: String, at time: Date)
    async throws(StoreError) -> StoredOrder?
  {
    try await base.rejectOrder(id: id, userID: userID, reason: reason, at: time)
  }

  func changeOrders(_ changes: [OrderChange], matchedThrough: Date?) async throws(StoreError)
    -> [StoredOrder]
  {
    try await base.changeOrders(changes, matchedThrough: matchedThrough)
  }

  func ordersMatchedThrough() async throws(StoreError) -> Date? {
    try await base.ordersMatchedThrough()
  }

  func marketClock() async throws(StoreError) -> MarketClockSetting? {
    try await base.marketClock()
  }

  func saveMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError)
  {
    try await base.saveMarketClock(setting, rewindMatchingTo: rewindMatchingTo)
  }

  func latestFill() async throws(StoreError) -> Date? {
    try await base.latestFill()
  }

  func trades(userID: UserID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]
  {
    try await base.trades(userID: userID, before: before, limit: limit)
  }

  func trades(orderID: UUID, userID: UserID) async throws(StoreError) -> [TradeReceipt] {
    try await base.trades(orderID: orderID, userID: userID)
  }

  func tradeHistory(userID: UserID) async throws(StoreError) -> [TradeRecord] {
    try await base.tradeHistory(userID: userID)
  }

  func setPositionOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError) {
    try await base.setPositionOrder(userID: userID, symbols: symbols)
  }

  func watchlist(userID: UserID) async throws(StoreError) -> [Symbol] {
    try await base.watchlist(userID: userID)
  }

  func addToWatchlist(userID: UserID, symbol: Symbol, at time: Date) async throws(StoreError) {
    try await base.addToWatchlist(userID: userID, symbol: symbol, at: time)
  }

  func removeFromWatchlist(userID: UserID, symbol: Symbol) async throws(StoreError) {
    try await base.removeFromWatchlist(userID: userID, symbol: symbol)
  }

  func setWatchlistOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError) {
    try await base.setWatchlistOrder(userID: userID, symbols: symbols)
  }

  func goals(userID: UserID) async throws(StoreError) -> [GoalRecord] {
    try await base.goals(userID: userID)
  }

  func goal(id: GoalID, userID: UserID) async throws(StoreError) -> GoalRecord {
    try await base.goal(id: id, userID: userID)
  }

  func saveGoal(
    _ goal: Goal, id: GoalID?, userID: UserID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord {
    try check(goal.title, goal.description)
    return try await base.saveGoal(goal, id: id, userID: userID, holdings: holdings, at: time)
  }

  func deleteGoal(id: GoalID, userID: UserID) async throws(StoreError) {
    try await base.deleteGoal(id: id, userID: userID)
  }

  func brokerageLink(userID: UserID) async throws(StoreError) -> BrokerageLink? {
    try await base.brokerageLink(userID: userID)
  }

  func saveBrokerageLink(_ link: BrokerageLink) async throws(StoreError) {
    try check(link.provider, link.keyHint)
    try await base.saveBrokerageLink(link)
  }

  func deleteBrokerageLink(userID: UserID) async throws(StoreError) {
    try await base.deleteBrokerageLink(userID: userID)
  }
}
