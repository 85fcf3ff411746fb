import Foundation
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Synchronization
import Testing

/// The simulated market's actions through a source that can be made to fail as a live
/// provider does.
final class FlakyActionSource: CorporateActionSource {
  let market: SimulatedMarket
  let failure = Mutex<MarketDataError?>(nil)

  init(_ market: SimulatedMarket) { self.market = market }

  func corporateActions(of symbol: Symbol) async throws(MarketDataError) -> [CorporateAction] {
    if let error = failure.withLock({ $0 }) { throw error }
    return try market.corporateActions(of: symbol)
  }

  var corporateActionSymbols: [Symbol] { market.corporateActionSymbols }
}

/// When the source of corporate actions fails at an ex-date's open, the engine neither
/// skips the action nor matches past the open without it (a live provider's outage).
@Suite("The order engine when the source of corporate actions fails")
struct OrderEngineActionSourceFailureTests {
  let market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
  let calendar = EngineFixture.calendar

  func session(_ date: MarketDate) throws -> TradingSession {
    calendar.sessions[try #require(calendar.sessionIndex(on: date))]
  }

  /// The first forward split in 2025 to October 2026.
  func firstSplit() throws -> CorporateAction {
    for company in market.universe.companies {
      if let split = try market.corporateActions(of: company.symbol).first(where: {
        $0.exDate >= MarketDate("2025-01-01")! && $0.exDate < MarketDate("2026-11-01")!
          && $0.splitRatio?.isReverse == false
      }) {
        return split
      }
    }
    throw MarketDataError.noData("no split")
  }

  /// A store with one user holding 10 shares of `symbol` bought at `clock`'s now, and an
  /// engine booking `source`'s actions that has matched up to then.
  func holding(_ symbol: Symbol, clock: ManualWallClock, source: FlakyActionSource)
    async throws -> (SQLiteStore, OrderEngine, AccountID)
  {
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let engine = OrderEngine(
      store: store, market: market, calendar: calendar, clock: clock, corporateActions: source)
    let user = try await store.createUser(
      username: "ada", passwordHash: "x", startingCash: 100_000, at: clock.now)
    let account = try await store.firstAccount(of: user.id)
    let price = try market.quote(for: symbol, at: clock.now).price
    try await store.simpleTrade(.buy, 10, symbol, at: price, accountID: account, time: clock.now)
    try await engine.matchDueMinutes()
    return (store, engine, account)
  }

  @Test("An outage at the open holds the pass back; once the source answers, the split is booked")
  func outageAtTheOpen() async throws {
    let split = try firstSplit()
    let ratio = try #require(split.splitRatio)
    let eve = try session(calendar.previousTradingDay(before: split.exDate)!)
    let ex = try session(split.exDate)
    let clock = ManualWallClock(eve.open.addingTimeInterval(3_600))
    let source = FlakyActionSource(market)
    let (store, engine, account) = try await holding(split.symbol, clock: clock, source: source)

    clock.set(ex.open.addingTimeInterval(600))
    source.failure.withLock { $0 = .unavailable("the provider is down") }
    await #expect(throws: MarketDataError.unavailable("the provider is down")) {
      try await engine.matchDueMinutes()
    }
    #expect(try await store.account(accountID: account).positions.first?.shares == 10)
    let before = try await store.ordersMatchedThrough()
    #expect(before.map { $0 < ex.open } ?? true)

    source.failure.withLock { $0 = nil }
    clock.advance(by: 60)
    try await engine.matchDueMinutes()
    #expect(try await store.account(accountID: account).positions.first?.shares == ratio.shares(10))
    #expect(
      try await store.corporateActionBookings(accountID: account).map(\.actionID) == [split.id])
  }

  @Test("A source that no longer serves actions books none, and matching goes on")
  func unsupportedSource() async throws {
    let split = try firstSplit()
    let eve = try session(calendar.previousTradingDay(before: split.exDate)!)
    let ex = try session(split.exDate)
    let clock = ManualWallClock(eve.open.addingTimeInterval(3_600))
    let source = FlakyActionSource(market)
    source.failure.withLock { $0 = .unsupported("splits and dividends") }
    let (store, engine, account) = try await holding(split.symbol, clock: clock, source: source)
    clock.set(ex.open.addingTimeInterval(600))
    try await engine.matchDueMinutes()
    #expect(try await store.account(accountID: account).positions.first?.shares == 10)
    #expect(try await store.ordersMatchedThrough() == MarketMinute.start(of: clock.now))
  }
}
