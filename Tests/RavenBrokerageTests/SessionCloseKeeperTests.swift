import Foundation
import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

/// With live data, each settled session's close is kept as the provider first gave it, so
/// an account's past never changes after the fact (issue 35).
@Suite("Kept session closes")
struct SessionCloseKeeperTests {
  static let calendar = EngineFixture.calendar
  /// Friday 2026-11-20, 13:00 New York: Monday to Thursday are settled, Friday is trading.
  static let now = EngineFixture.midSession
  static let week = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]
  static let live = DataAttribution(name: "Finnhub", url: nil, isSimulated: false)

  /// A week of daily bars closing at `first`, `first + 1`, …
  static func bars(closingFrom first: Int, dates: [String] = week) -> [Bar] {
    dates.enumerated().map { offset, text in
      let close = price(first + offset)
      return Bar(
        time: calendar.timeZone.instant(on: MarketDate(text)!, secondsSinceMidnight: 0),
        open: close, high: close, low: close, close: close, volume: 1_000)
    }
  }

  static func price(_ dollars: Int) -> Price { Price(cents: Int64(dollars) * 100) }

  struct Fixture {
    let provider: FakeMarketDataProvider
    let store: SQLiteStore
    let keeper: SessionCloseKeeper

    init(attribution: DataAttribution = SessionCloseKeeperTests.live) throws {
      provider = FakeMarketDataProvider(attribution: attribution)
      store = try SQLiteStore.temporary()
      keeper = SessionCloseKeeper(
        base: provider, store: store, calendar: SessionCloseKeeperTests.calendar,
        logger: Logger(label: "test"))
    }

    func week(_ adjustment: BarAdjustment = .raw, symbol: Symbol = "AAPL") async throws -> [Bar] {
      try await keeper.bars(
        for: symbol, resolution: .day, from: Date(timeIntervalSince1970: 1_763_000_000),
        to: now.addingTimeInterval(1), asOf: now, adjustment: adjustment)
    }

    func kept(_ symbol: Symbol = "AAPL") async throws -> [String] {
      try await store.sessionCloses(
        of: symbol, from: MarketDate("2026-11-01")!, through: MarketDate("2026-11-30")!
      ).map { "\($0.date) \($0.close)" }
    }
  }

  @Test("Settled sessions are kept as first given; a restated close is served as kept")
  func keepsFirstCloses() async throws {
    let fixture = try Fixture()
    try await fixture.store.migrate()
    fixture.provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    #expect(try await fixture.week().map(\.close) == [100, 101, 102, 103, 104].map(Self.price))
    // Friday is still trading: not kept.
    #expect(
      try await fixture.kept() == [
        "2026-11-16 100.00", "2026-11-17 101.00", "2026-11-18 102.00", "2026-11-19 103.00",
      ])
    // The provider restates the week: the past stays, today follows the provider, and a
    // restated bar's high and low are widened to hold the kept close.
    fixture.provider.setBars(Self.bars(closingFrom: 200), for: "AAPL", resolution: .day)
    let served = try await fixture.week()
    #expect(served.map(\.close) == [100, 101, 102, 103, 204].map(Self.price))
    #expect(
      served[0].high == Self.price(200) && served[0].low == Self.price(100)
        && served[0].open == Self.price(200))
    #expect(try await fixture.kept().first == "2026-11-16 100.00")
  }

  @Test("A provider that is down, or no longer serves old days, leaves the kept past as it was")
  func servesKeptWhenProviderFails() async throws {
    let fixture = try Fixture()
    try await fixture.store.migrate()
    fixture.provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    _ = try await fixture.week()
    // Only the last two days now: the first three come from what was kept, flat.
    fixture.provider.setBars(
      Self.bars(closingFrom: 300, dates: Array(Self.week.suffix(2))), for: "AAPL",
      resolution: .day)
    let thinned = try await fixture.week()
    #expect(thinned.map(\.close) == [100, 101, 102, 103, 301].map(Self.price))
    #expect(thinned[0].volume == 0 && thinned[0].open == Self.price(100))

    fixture.provider.fail()
    let down = try await fixture.keeper.attributedBars(
      for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_763_000_000),
      to: Self.now.addingTimeInterval(1), asOf: Self.now, adjustment: .raw)
    #expect(down.bars.map(\.close) == [100, 101, 102, 103].map(Self.price))
    #expect(down.isStale && down.source.name == "Finnhub")
    // Nothing kept for another symbol: the provider's failure stands.
    await #expect(throws: MarketDataError.self) { try await fixture.week(symbol: "MSFT") }
  }

  @Test("The last good bars a cache serves for a failed provider are never kept")
  func staleBarsAreNotKept() async throws {
    let provider = FakeMarketDataProvider(attribution: Self.live)
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    let clock = ManualWallClock(Self.now)
    let gateway = MarketGateway(
      upstream: provider, policy: UpstreamPolicy(id: "fake"), clock: clock)
    let keeper = SessionCloseKeeper(
      base: gateway, store: store, calendar: Self.calendar, logger: Logger(label: "test"))
    // A window ending now (an Alpaca history with an `end`): Friday's bar is in progress.
    let from = Date(timeIntervalSince1970: 1_763_000_000)
    _ = try await keeper.bars(
      for: "AAPL", resolution: .day, from: from, to: Self.now, asOf: Self.now, adjustment: .raw)
    // The next day, the provider down: the gateway serves what it read on Friday.
    provider.fail()
    clock.advance(by: 86_400)
    let stale = try await keeper.bars(
      for: "AAPL", resolution: .day, from: from, to: Self.now, asOf: clock.now, adjustment: .raw)
    #expect(stale.count == 5)
    let kept = try await store.sessionCloses(
      of: "AAPL", from: MarketDate("2026-11-01")!, through: MarketDate("2026-11-30")!)
    #expect(kept.map(\.date.description) == Array(Self.week.prefix(4)))
  }

  @Test("Only a live source's daily bars as they traded are kept")
  func keepsOnlyLiveRawDailyBars() async throws {
    let simulated = try Fixture(
      attribution: DataAttribution(name: "Simulated", url: nil, isSimulated: true))
    try await simulated.store.migrate()
    simulated.provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    _ = try await simulated.week()
    #expect(try await simulated.kept().isEmpty)

    let live = try Fixture()
    try await live.store.migrate()
    live.provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    _ = try await live.week(.split)
    #expect(try await live.kept().isEmpty)
    live.provider.setBars(Self.bars(closingFrom: 500), for: "AAPL", resolution: .hour)
    _ = try await live.keeper.bars(
      for: "AAPL", resolution: .hour, from: Date(timeIntervalSince1970: 1_763_000_000),
      to: Self.now, asOf: Self.now, adjustment: .raw)
    #expect(try await live.kept().isEmpty)
  }

  @Test("An account's history over past sessions is the same after the provider restates them")
  func historyNeverChanges() async throws {
    let fixture = try Fixture()
    try await fixture.store.migrate()
    fixture.provider.setBars(Self.bars(closingFrom: 100), for: "AAPL", resolution: .day)
    let clock = ManualWallClock(Self.now)
    let user = try await fixture.store.createUser(
      username: "ada", passwordHash: "x", startingCash: 25_000,
      at: Self.now.addingTimeInterval(-30 * 86_400))
    let accountID = try await fixture.store.firstAccount(of: user.id)
    try await fixture.store.simpleTrade(
      .buy, 10, "AAPL", at: Self.price(100), accountID: accountID,
      time: Self.calendar.session(on: MarketDate("2026-11-16")!)!.open)
    let gateway = MarketGateway(
      upstream: fixture.provider, policy: UpstreamPolicy(id: "fake"), clock: clock)
    let ledger = LedgerAccount(
      accountID: accountID, userID: user.id, store: fixture.store, market: fixture.keeper,
      quotes: gateway, calendar: Self.calendar, clock: clock,
      engine: OrderEngine(
        store: fixture.store, market: gateway, calendar: Self.calendar, clock: clock))
    let start = Self.calendar.session(on: MarketDate("2026-11-16")!)!.open
    let before = try await ledger.equityHistory(from: start, to: Self.now, resolution: .day)
    fixture.provider.setBars(Self.bars(closingFrom: 150), for: "AAPL", resolution: .day)
    let after = try await ledger.equityHistory(from: start, to: Self.now, resolution: .day)
    // The close before, then Monday to Thursday's: $25,000 less $1,000 and ten shares at
    // 100…103; Friday's value is today's, and follows the provider.
    #expect(
      Array(before.points.map(\.equity).prefix(5))
        == [25_000, 25_000, 25_010, 25_020, 25_030].map { Money(dollars: $0) })
    #expect(after.points.prefix(5) == before.points.prefix(5))
    #expect(before.points.count == 6 && after.points.last != before.points.last)
  }
}
