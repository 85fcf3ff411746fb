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

/// The engine against the simulated market: orders rest, and fill only where the
/// market's own minute bars say they could.
@Suite("The order engine")
struct OrderEngineTests {
  let clock = ManualWallClock(EngineFixture.midSession)
  let store: SQLiteStore
  let market: SimulatedMarket
  let engine: OrderEngine
  let account: LedgerAccount

  init() async throws {
    store = try SQLiteStore.temporary()
    try await store.migrate()
    market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
    engine = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock)
    account = try await .fresh(store: store, market: market, engine: engine, clock: clock)
  }

  /// The minute bars of `symbol` over the next `minutes`, as the market will have made them.
  func barsAhead(_ symbol: Symbol, minutes: Int) throws -> [Bar] {
    let now = clock.now
    let end = now.addingTimeInterval(Double(minutes * 60))
    return try market.bars(
      for: symbol, resolution: .minute, from: MarketMinute.start(after: now), to: end, asOf: end)
  }

  @Test("A limit below the market rests, then fills in the first minute whose low reaches it")
  func restingLimitFills() async throws {
    // A stock that dips at least a few cents below its price within half an hour.
    var chosen: (Symbol, Price, [Bar])?
    for symbol: Symbol in ["AAPL", "MSFT", "KO", "XOM", "JPM", "PFE", "WMT", "INTC"] {
      let price = try market.quote(for: symbol, at: clock.now).price
      let bars = try barsAhead(symbol, minutes: 30)
      let limit = Price(exact: (price.exact - ExactDecimal(units: 5, fractionDigits: 2)))
      if bars.contains(where: { $0.low < limit }) {
        chosen = (symbol, limit, bars)
        break
      }
    }
    let (symbol, limit, bars) = try #require(chosen)
    let placed = try await account.placeOrder(
      OrderRequest(
        symbol: symbol, side: .buy, type: .limit, qty: 1, limitPrice: limit, timeInForce: .day))
    #expect(placed.status == .new)

    clock.advance(by: 31 * 60)
    try await engine.matchDueMinutes()
    let order = try await account.order(id: placed.id)
    #expect(order.status == .filled)
    let fill = try #require(order.fills.first)
    let minute = try #require(bars.first { $0.low <= limit })
    #expect(fill.time == minute.time)
    #expect(fill.price == min(limit, minute.open))
    #expect(fill.price >= minute.low && fill.price <= minute.high)

    // A restart (a new engine on the same database) matches nothing twice.
    let cash = try await store.account(accountID: account.accountID).cash
    let restarted = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock)
    try await restarted.matchDueMinutes()
    #expect(try await store.account(accountID: account.accountID).cash == cash)
    #expect(try await store.tradeHistory(accountID: account.accountID).count == 1)
  }

  @Test("A day order the market never reaches expires at the close; a gtc order rests on")
  func dayExpires() async throws {
    let day = try await account.placeOrder(
      OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 1, limitPrice: Price("1.00")!,
        timeInForce: .day))
    let gtc = try await account.placeOrder(
      OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 1, limitPrice: Price("1.00")!,
        timeInForce: .gtc))
    clock.advance(by: 4 * 3600)  // past Friday's close
    try await engine.matchDueMinutes()
    let expired = try await account.order(id: day.id)
    #expect(expired.status == .expired)
    #expect(expired.expiredAt == EngineFixture.calendar.nextClose(after: day.submittedAt))
    #expect(try await account.order(id: gtc.id).status == .new)
  }

  @Test("A market order placed after the close fills at the next session's opening price")
  func marketAfterClose() async throws {
    let close = try #require(EngineFixture.calendar.nextClose(after: clock.now))
    clock.set(close.addingTimeInterval(600))
    let placed = try await account.placeOrder(
      OrderRequest(symbol: "KO", side: .buy, type: .market, qty: 2, timeInForce: .day))
    #expect(placed.status == .new)
    let open = try #require(EngineFixture.calendar.nextOpen(after: clock.now))
    clock.set(open.addingTimeInterval(120))
    try await engine.matchDueMinutes()
    let order = try await account.order(id: placed.id)
    let first = try market.bars(
      for: "KO", resolution: .minute, from: open, to: open.addingTimeInterval(60), asOf: clock.now)
    #expect(order.status == .filled)
    #expect(order.fills.first?.price == first.first?.open)
    #expect(order.fills.first?.time == open)
  }
}
