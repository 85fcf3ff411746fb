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

/// On the simulated market, which quotes a bid and an ask, market orders buy at the ask
/// and sell at the bid, never outside the minute's range; auctions fill at their price.
@Suite("The order engine on a market with a spread")
struct OrderEngineSpreadTests {
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
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock, decided: market)
    account = try await .fresh(store: store, market: market, engine: engine, clock: clock)
  }

  func marketOrder(_ symbol: Symbol, _ side: TradeSide, qty: Quantity, tif: TimeInForce = .day)
    async throws -> Order
  {
    try await account.placeOrder(
      OrderRequest(symbol: symbol, side: side, type: .market, qty: qty, timeInForce: tif))
  }

  @Test("Placed during a session: a buy fills at once at the quote's ask, a sale at its bid")
  func placing() async throws {
    // A thin, dear stock: its spread is dollars wide, far more than a tick.
    for symbol: Symbol in ["AAPL", "AZO"] {
      let quote = try market.quote(for: symbol, at: clock.now)
      let bid = try #require(quote.bid)
      let ask = try #require(quote.ask)
      #expect(bid < quote.price && quote.price < ask)
      let whole = try #require(
        market.decidedMinute(for: symbol, at: MarketMinute.start(of: clock.now)))
      let bought = try await marketOrder(symbol, .buy, qty: 2)
      #expect(bought.status == .filled)
      #expect(bought.fills.first?.price == min(ask, whole.high))
      let sold = try await marketOrder(symbol, .sell, qty: 2)
      #expect(sold.status == .filled)
      #expect(sold.fills.first?.price == max(bid, whole.low))
    }
    let azo = try market.quote(for: "AZO", at: clock.now)
    #expect(try #require(azo.ask) - azo.price > Price(cents: 10))
  }

  @Test("Resting until the open: a buy pays the opening minute's ask; an opening order the open")
  func atTheOpen() async throws {
    let close = try #require(EngineFixture.calendar.nextClose(after: clock.now))
    clock.set(close.addingTimeInterval(600))
    let day = try await marketOrder("AZO", .buy, qty: 1)
    let opening = try await marketOrder("AZO", .buy, qty: 1, tif: .opg)
    let open = try #require(EngineFixture.calendar.nextOpen(after: clock.now))
    clock.set(open.addingTimeInterval(120))
    try await engine.matchDueMinutes()
    let first = try #require(market.decidedMinute(for: "AZO", at: open))
    let half = MinuteSpread.halfSpread(of: first)
    #expect(half > Price(cents: 1))
    let paid = try #require(try await account.order(id: day.id).fills.first?.price)
    #expect(paid == min(first.open + half, first.high))
    #expect(paid > first.open && paid <= first.high)
    #expect(try await account.order(id: opening.id).fills.first?.price == first.open)
  }

  @Test("A stop that triggers sells at the bid below its trigger, inside the minute")
  func stopAtTheBid() async throws {
    _ = try await marketOrder("AZO", .buy, qty: 1)
    let price = try market.quote(for: "AZO", at: clock.now).price
    let ahead = try market.bars(
      for: "AZO", resolution: .minute, from: MarketMinute.start(after: clock.now),
      to: clock.now.addingTimeInterval(3600), asOf: clock.now.addingTimeInterval(3600))
    // A stop a little under the hour's low-to-come triggers in the minute that reaches it.
    let lowest = try #require(ahead.map(\.low).min())
    let stop = Price(
      exact: ((price.exact + lowest.exact) * ExactDecimal(units: 5, fractionDigits: 1))
        .rounded(toFractionDigits: 2))
    try #require(stop < price)
    let placed = try await account.placeOrder(
      OrderRequest(
        symbol: "AZO", side: .sell, type: .stop, qty: 1, stopPrice: stop, timeInForce: .day))
    clock.advance(by: 3601)
    try await engine.matchDueMinutes()
    let fill = try #require(try await account.order(id: placed.id).fills.first)
    let bar = try #require(ahead.first { $0.time == fill.time })
    let trigger = bar.open <= stop ? bar.open : stop
    #expect(fill.price == max(trigger - MinuteSpread.halfSpread(of: bar), bar.low))
    #expect(fill.price >= bar.low && fill.price <= trigger)
  }
}
