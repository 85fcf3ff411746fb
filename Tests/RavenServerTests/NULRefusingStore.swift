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

  func migrate(through version: Int?) async throws(StoreError) {
    try await base.migrate(through: version)
  }

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

  func watchlists(accountID: AccountID) async throws(StoreError) -> [NamedWatchlist] {
    try await base.watchlists(accountID: accountID)
  }

  func watchlist(id: UUID, accountID: AccountID) async throws(StoreError) -> NamedWatchlist {
    try await base.watchlist(id: id, accountID: accountID)
  }

  func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    try check(list.name)
    try await base.saveWatchlist(list)
  }

  func deleteWatchlist(id: UUID, accountID: AccountID) async throws(StoreError) {
    try await base.deleteWatchlist(id: id, accountID: accountID)
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

  func account(accountID: AccountID) async throws(StoreError) -> Account {
    try await base.account(accountID: accountID)
  }

  func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange], pricing: PlacementPricing?, legs: [Order], claim: MinuteVolumeClaim?
  ) async throws(StoreError) -> StoredOrder {
    try check(order.clientOrderID)
    return try await base.placeOrder(
      order, holdPrice: holdPrice, accountID: accountID, replacing: replacing, matched: matched,
      pricing: pricing, legs: legs, claim: claim)
  }

  func minuteVolumeTaken(from: Date, to: Date) async throws(StoreError) -> [MinuteVolumeTaken] {
    try await base.minuteVolumeTaken(from: from, to: to)
  }

  func forgetMinuteVolume(before minute: Date) async throws(StoreError) {
    try await base.forgetMinuteVolume(before: minute)
  }

  func marginAccounts() async throws(StoreError) -> [OwnedAccount] {
    try await base.marginAccounts()
  }

  func order(id: UUID, accountID: AccountID) async throws(StoreError) -> StoredOrder {
    try await base.order(id: id, accountID: accountID)
  }

  func order(clientOrderID: String, accountID: AccountID) async throws(StoreError) -> StoredOrder {
    try check(clientOrderID)
    return try await base.order(clientOrderID: clientOrderID, accountID: accountID)
  }

  func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    try await base.orders(
      accountID: accountID, status: status, symbol: symbol, before: before, limit: limit)
  }

  func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?,
    submitted window: OrderTimeWindow,
    limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    try await base.orders(
      accountID: accountID, status: status, symbol: symbol, submitted: window, limit: limit)
  }

  func openOrders() async throws(StoreError) -> OpenOrders { try await base.openOrders() }
  func rejectOrder(id: UUID, accountID: AccountID, reason: String, at time: Date)
    async throws(StoreError) -> StoredOrder?
  {
    try await base.rejectOrder(id: id, accountID: accountID, reason: reason, at: time)
  }

  func changeOrders(_ changes: [OrderChange], matchedThrough: Date?) async throws(StoreError)
    -> [StoredOrder]
  {
    try await base.changeOrders(changes, matchedThrough: matchedThrough)
  }

  func ordersMatchedThrough() async throws(StoreError) -> Date? {
    try await base.ordersMatchedThrough()
  }

  func bookCorporateAction(_ action: CorporateAction, at time: Date) async throws(StoreError)
    -> [CorporateActionBooking]
  {
    try await base.bookCorporateAction(action, at: time)
  }

  func payDividends(payableThrough date: MarketDate, at time: Date) async throws(StoreError)
    -> [CorporateActionBooking]
  {
    try await base.payDividends(payableThrough: date, at: time)
  }

  func symbolsInUse() async throws(StoreError) -> Set<Symbol> {
    try await base.symbolsInUse()
  }

  func corporateActionBookings(accountID: AccountID) async throws(StoreError)
    -> [CorporateActionBooking]
  {
    try await base.corporateActionBookings(accountID: accountID)
  }

  func marketClock() async throws(StoreError) -> MarketClockSetting? {
    try await base.marketClock()
  }

  func saveMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError)
  {
    try await base.saveMarketClock(setting, rewindMatchingTo: rewindMatchingTo)
  }

  func claimMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError) -> (setting: MarketClockSetting, claimed: Bool)
  {
    try await base.claimMarketClock(setting, rewindMatchingTo: rewindMatchingTo)
  }

  func latestFill() async throws(StoreError) -> Date? {
    try await base.latestFill()
  }

  func trades(accountID: AccountID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]
  {
    try await base.trades(accountID: accountID, before: before, limit: limit)
  }

  func trades(orderID: UUID, accountID: AccountID) async throws(StoreError) -> [TradeReceipt] {
    try await base.trades(orderID: orderID, accountID: accountID)
  }

  func tradeHistory(accountID: AccountID) async throws(StoreError) -> [TradeRecord] {
    try await base.tradeHistory(accountID: accountID)
  }

  func setPositionOrder(accountID: AccountID, symbols: [Symbol]) async throws(StoreError) {
    try await base.setPositionOrder(accountID: accountID, symbols: symbols)
  }

  func transfer(
    _ amount: Money, accountID: AccountID, idempotencyKey: String?, cashFloor: Money?,
    at time: Date
  ) async throws(StoreError) -> TransferReceipt {
    try check(idempotencyKey ?? "")
    return try await base.transfer(
      amount, accountID: accountID, idempotencyKey: idempotencyKey, cashFloor: cashFloor, at: time)
  }

  func transfers(accountID: AccountID) async throws(StoreError) -> [Transfer] {
    try await base.transfers(accountID: accountID)
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

  func goals(accountID: AccountID) async throws(StoreError) -> [GoalRecord] {
    try await base.goals(accountID: accountID)
  }

  func goal(id: GoalID, accountID: AccountID) async throws(StoreError) -> GoalRecord {
    try await base.goal(id: id, accountID: accountID)
  }

  func saveGoal(
    _ goal: Goal, id: GoalID?, accountID: AccountID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord {
    try check(goal.title, goal.description)
    return try await base.saveGoal(goal, id: id, accountID: accountID, holdings: holdings, at: time)
  }

  func deleteGoal(id: GoalID, accountID: AccountID) async throws(StoreError) {
    try await base.deleteGoal(id: id, accountID: accountID)
  }

  func brokerageLink(accountID: AccountID) async throws(StoreError) -> BrokerageLink? {
    try await base.brokerageLink(accountID: accountID)
  }

  func saveBrokerageLink(
    userID: UserID, name: String, provider: String, sealedCredentials: Data, keyHint: String,
    at time: Date
  ) async throws(StoreError) -> AccountRecord {
    try check(name, provider, keyHint)
    return try await base.saveBrokerageLink(
      userID: userID, name: name, provider: provider, sealedCredentials: sealedCredentials,
      keyHint: keyHint, at: time)
  }

  func deleteBrokerageLink(userID: UserID, at time: Date) async throws(StoreError)
    -> AccountRecord?
  {
    try await base.deleteBrokerageLink(userID: userID, at: time)
  }

  func accounts(userID: UserID) async throws(StoreError) -> [AccountRecord] {
    try await base.accounts(userID: userID)
  }

  func createAccount(
    userID: UserID, name: String, startingCash: Money, limit: Int, at time: Date
  ) async throws(StoreError) -> AccountRecord {
    try check(name)
    return try await base.createAccount(
      userID: userID, name: name, startingCash: startingCash, limit: limit, at: time)
  }

  func renameAccount(id: AccountID, userID: UserID, to name: String) async throws(StoreError)
    -> AccountRecord
  {
    try check(name)
    return try await base.renameAccount(id: id, userID: userID, to: name)
  }

  func setAccountSettings(id: AccountID, userID: UserID, to settings: AccountSettings)
    async throws(StoreError) -> AccountRecord
  {
    try check(settings.tradeConfirmEmail)
    return try await base.setAccountSettings(id: id, userID: userID, to: settings)
  }

  func closeAccount(id: AccountID, userID: UserID, at time: Date) async throws(StoreError)
    -> (account: AccountRecord, revokedKeys: [UUID])
  {
    try await base.closeAccount(id: id, userID: userID, at: time)
  }

  func resetAccount(
    id: AccountID, userID: UserID, startingCash: Money, reason: String, at time: Date
  ) async throws(StoreError) -> (account: AccountRecord, canceled: [StoredOrder]) {
    try await base.resetAccount(
      id: id, userID: userID, startingCash: startingCash, reason: reason, at: time)
  }

  func sessionCloses(of symbol: Symbol, from: MarketDate, through: MarketDate)
    async throws(StoreError) -> [SessionClose]
  {
    try await base.sessionCloses(of: symbol, from: from, through: through)
  }

  func keepSessionCloses(_ closes: [SessionClose]) async throws(StoreError) {
    for close in closes { try check(close.source) }
    try await base.keepSessionCloses(closes)
  }
}
