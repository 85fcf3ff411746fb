import Foundation
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

/// A simple trade is a market order placed through the account's one order API; what makes
/// it simple is how the ledger fills it and how a retried request is answered.
@Suite("Simple trades")
struct SimpleTradeTests {
  /// Saturday 2026-11-21, noon in New York: the market is closed.
  static let weekend = try! Date("2026-11-21T17:00:00Z", strategy: .iso8601)

  func ledger(at time: Date) async throws -> (LedgerAccount, SQLiteStore) {
    let clock = ManualWallClock(time)
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
    let engine = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock)
    return (try await .fresh(store: store, market: market, engine: engine, clock: clock), store)
  }

  @Test("On a closed market a simple trade fills at once and in whole; a market order rests")
  func closedMarket() async throws {
    let (account, store) = try await ledger(at: Self.weekend)
    let trade = SimpleTrade(symbol: "KO", side: .buy, shares: 3)
    let receipt = try await account.place(trade, idempotencyKey: nil)
    #expect(receipt.trade.status == "filled" && receipt.trade.shares == 3)
    #expect(!receipt.isReplay)
    #expect(receipt.cash == 25_000 - receipt.trade.amount)
    #expect(try await store.account(accountID: account.accountID).cash == receipt.cash)
    // The receipt's trade is the history's, and its order is a filled market order.
    let history = try await account.trades(limit: 10, before: nil)
    #expect(history.trades == [receipt.trade])
    let orders = try await account.orders(status: .all, symbol: nil, limit: 10, before: nil)
    #expect(orders.orders.map(\.status) == [.filled])
    #expect(orders.orders.first?.type == .market)

    let resting = try await account.placeOrder(trade.order(idempotencyKey: nil))
    #expect(resting.status == .new)
  }

  @Test("Concurrent requests with one idempotency key trade once; the others replay it")
  func concurrentRetries() async throws {
    let (account, store) = try await ledger(at: EngineFixture.midSession)
    let trade = SimpleTrade(symbol: "AAPL", side: .buy, shares: 2)
    let receipts = try await withThrowingTaskGroup(of: AccountReceipt.self) { group in
      for _ in 0..<4 {
        group.addTask { try await account.place(trade, idempotencyKey: "tap-once") }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(receipts.filter { !$0.isReplay }.count == 1)
    #expect(Set(receipts.map(\.trade)).count == 1)
    #expect(Set(receipts.map(\.cash)).count == 1)
    #expect(try await store.tradeHistory(accountID: account.accountID).count == 1)
    // Another key is another trade.
    let other = try await account.place(trade, idempotencyKey: "tap-twice")
    #expect(!other.isReplay && other.trade.id != receipts[0].trade.id)
  }

  @Test("A replay answers the first trade with the cash right after it, not the cash now")
  func replayAnswersTheFirstTrade() async throws {
    let (account, store) = try await ledger(at: EngineFixture.midSession)
    let first = try await account.place(
      SimpleTrade(symbol: "KO", side: .buy, shares: 2), idempotencyKey: "tap-1")
    _ = try await account.place(
      SimpleTrade(symbol: "KO", side: .buy, shares: 1), idempotencyKey: nil)
    let again = try await account.place(
      SimpleTrade(symbol: "KO", side: .buy, shares: 2), idempotencyKey: "tap-1")
    #expect(again.isReplay && again.trade == first.trade && again.cash == first.cash)
    #expect(try await store.account(accountID: account.accountID).cash < first.cash)
  }

  @Test("A refused trade does not use up its idempotency key")
  func refusedKeyIsFree() async throws {
    let (account, _) = try await ledger(at: EngineFixture.midSession)
    await #expect(throws: TradeError.insufficientFunds) {
      try await account.place(
        SimpleTrade(symbol: "KO", side: .buy, shares: 100_000), idempotencyKey: "k")
    }
    let bought = try await account.place(
      SimpleTrade(symbol: "KO", side: .buy, shares: 1), idempotencyKey: "k")
    #expect(!bought.isReplay && bought.trade.shares == 1)
  }

  @Test("Refusals are the trade sheet's, and change nothing")
  func refusals() async throws {
    let (account, store) = try await ledger(at: EngineFixture.midSession)
    await #expect(throws: TradeError.insufficientFunds) {
      try await account.place(
        SimpleTrade(symbol: "AAPL", side: .buy, shares: 1_000), idempotencyKey: nil)
    }
    await #expect(throws: TradeError.insufficientShares) {
      try await account.place(
        SimpleTrade(symbol: "AAPL", side: .sell, shares: 1), idempotencyKey: "k")
    }
    #expect(try await store.tradeHistory(accountID: account.accountID).isEmpty)
    #expect(
      try await account.orders(status: .all, symbol: nil, limit: 10, before: nil).orders.isEmpty)
  }

  @Test("A linked account's receipt shows the cash read before when the brokerage then fails")
  func linkedReceiptWhenTheBrokerageStops() async throws {
    let clock = ManualWallClock(EngineFixture.midSession)
    let brokerage = FakeBrokerage(prices: ["AAPL": Price("190.00")!], clock: clock)
    brokerage.addAccount(keyID: "PK1", secretKey: "s", cash: 1_000)
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let user = try await store.createUser(
      username: "ada", passwordHash: "x", startingCash: 25_000, at: clock.now)
    let account = LinkedBrokerageAccount(
      accountID: try await store.firstAccount(of: user.id), userID: user.id, brokerage: brokerage,
      credentials: BrokerageCredentials(keyID: "PK1", secretKey: "s"), store: store)
    let trade = SimpleTrade(symbol: "AAPL", side: .buy, shares: 1)
    let order = try await account.placeOrder(
      trade.order(idempotencyKey: "k"), filling: .atTheQuote)
    brokerage.fail(with: .unavailable("down"))
    let receipt = try await account.receipt(for: order, isReplay: false)
    #expect(receipt.cash == 1_000)
    #expect(receipt.trade.status == "filled" && receipt.trade.amount == Money("190.00")!)
    // Without a cash read before it, a failing brokerage is the receipt's error.
    let fresh = LinkedBrokerageAccount(
      accountID: account.accountID, userID: user.id, brokerage: brokerage,
      credentials: BrokerageCredentials(keyID: "PK1", secretKey: "s"), store: store)
    await #expect(throws: BrokerageError.self) {
      try await fresh.receipt(for: order, isReplay: true)
    }
  }
}
