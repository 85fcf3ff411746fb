import Foundation
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

/// The engine books the simulated market's splits and dividends as its matching reaches
/// their ex-dates (issue 34): once, at the open, before that session's minutes.
@Suite("The order engine and corporate actions")
struct OrderEngineCorporateActionTests {
  let market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
  let calendar = EngineFixture.calendar

  /// The first action of `symbols` in 2025–2026 (before 2026-11-20) that `wanted` picks.
  func action(in symbols: [Symbol], _ wanted: (CorporateAction) -> Bool) throws
    -> CorporateAction
  {
    for symbol in symbols {
      if let action = try market.corporateActions(of: symbol).first(where: {
        $0.exDate >= MarketDate("2025-01-01")! && $0.payableDate < MarketDate("2026-11-20")!
          && wanted($0)
      }) {
        return action
      }
    }
    throw MarketDataError.noData("no action")
  }

  func session(_ date: MarketDate) throws -> TradingSession {
    calendar.sessions[try #require(calendar.sessionIndex(on: date))]
  }

  /// A store with one user, and an engine on `clock` that books the market's actions.
  func setUp(_ clock: ManualWallClock) async throws -> (SQLiteStore, OrderEngine, AccountID) {
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let engine = OrderEngine(
      store: store, market: market, calendar: calendar, clock: clock, corporateActions: market)
    let user = try await store.createUser(
      username: "ada", passwordHash: "x", startingCash: 100_000, at: clock.now)
    return (store, engine, try await store.firstAccount(of: user.id))
  }

  @Test(
    "A split at its ex-date's open: shares and a resting order multiplied once, across a restart")
  func splitAtTheOpen() async throws {
    let split = try action(in: market.universe.companies.map(\.symbol)) {
      $0.splitRatio?.isReverse == false
    }
    let ratio = try #require(split.splitRatio)
    let ex = try session(split.exDate)
    let eve = try session(calendar.previousTradingDay(before: split.exDate)!)
    let clock = ManualWallClock(eve.open.addingTimeInterval(3_600))
    let (store, engine, account) = try await setUp(clock)
    let price = try market.quote(for: split.symbol, at: clock.now).price
    // Most of the account, so that a split missed by its history would show.
    let bought = Quantity(
      Int(NSDecimalNumber(decimal: 90_000 / price.exact.value).doubleValue.rounded(.down)))
    try await store.simpleTrade(
      .buy, bought, split.symbol, at: price, accountID: account, time: clock.now)
    let limit = Price.roundedDownToTick(
      Price(exact: price.exact * ExactDecimal(units: 5, fractionDigits: 1)))
    let resting = try await store.placeOrder(
      Order(
        id: UUID(), clientOrderID: "rest",
        request: OrderRequest(
          symbol: split.symbol, side: .buy, type: .limit, qty: 2, limitPrice: limit,
          timeInForce: .gtc),
        submittedAt: clock.now),
      holdPrice: limit, accountID: account)
    try await engine.matchDueMinutes()

    clock.set(ex.open.addingTimeInterval(600))
    try await engine.matchDueMinutes()
    let books = try await store.account(accountID: account)
    let shares = ratio.shares(bought)
    #expect(books.positions.first?.shares == shares)
    let order = try await store.order(id: resting.order.id, accountID: account)
    #expect(order.order.qty == ratio.shares(2) && order.order.limitPrice == ratio.price(limit))

    // A restart, and a second pass: nothing more.
    let restarted = OrderEngine(
      store: store, market: market, calendar: calendar, clock: clock, corporateActions: market)
    clock.advance(by: 600)
    try await restarted.matchDueMinutes()
    try await engine.matchDueMinutes()
    #expect(try await store.account(accountID: account).positions.first?.shares == shares)
    #expect(try await store.corporateActionBookings(accountID: account).count == 1)

    // The account's history over the split shows a day's move, not a fall by the ratio.
    let ledger = LedgerAccount(
      accountID: account, userID: UserID(1), store: store, market: market,
      quotes: MarketGateway(
        upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: clock),
      calendar: calendar, clock: clock, engine: engine)
    let history = try await ledger.equityHistory(.tradingDays(2))
    let values: [Double] = history.points.map {
      NSDecimalNumber(decimal: $0.equity.value).doubleValue
    }
    #expect(values.count > 10)
    for (before, after) in zip(values, values.dropFirst()) {
      let move: Double = after / before - 1
      #expect(move.magnitude < 0.05, "\(before) → \(after)")
    }
  }

  @Test("A server down over an ex-date and a payable date books the dividend and pays it once")
  func dividendAcrossDowntime() async throws {
    let dividend = try action(in: ["KO", "DUK", "XOM", "O", "MO", "T", "PEP", "JNJ"]) {
      $0.dividendRate != nil
    }
    let rate = try #require(dividend.dividendRate)
    let eve = try session(calendar.previousTradingDay(before: dividend.exDate)!)
    let clock = ManualWallClock(eve.open.addingTimeInterval(3_600))
    let (store, engine, account) = try await setUp(clock)
    let price = try market.quote(for: dividend.symbol, at: clock.now).price
    try await store.simpleTrade(
      .buy, 40, dividend.symbol, at: price, accountID: account, time: clock.now)
    try await engine.matchDueMinutes()
    let cash = try await store.account(accountID: account).cash

    // Down until the day after the payable date.
    clock.set(try session(dividend.payableDate).close.addingTimeInterval(86_400))
    try await engine.matchDueMinutes()
    let owed = (rate * Quantity(40)).rounded(toFractionDigits: 2, rounding: .towardZero)
    #expect(try await store.account(accountID: account).cash == cash + owed)
    let bookings = try await store.corporateActionBookings(accountID: account)
    #expect(bookings.map(\.actionID) == [dividend.id] && bookings.first?.paidAt != nil)
    clock.advance(by: 86_400)
    try await engine.matchDueMinutes()
    #expect(try await store.account(accountID: account).cash == cash + owed)
  }

  @Test("A position bought after the ex-date is not adjusted by it")
  func boughtAfter() async throws {
    let split = try action(in: market.universe.companies.map(\.symbol)) {
      $0.splitRatio?.isReverse == false
    }
    let ex = try session(split.exDate)
    let clock = ManualWallClock(ex.open.addingTimeInterval(7_200))
    let (store, engine, account) = try await setUp(clock)
    try await engine.matchDueMinutes()
    let price = try market.quote(for: split.symbol, at: clock.now).price
    try await store.simpleTrade(
      .buy, 10, split.symbol, at: price, accountID: account, time: clock.now)
    clock.advance(by: 600)
    try await engine.matchDueMinutes()
    #expect(try await store.account(accountID: account).positions.first?.shares == 10)
  }
}
