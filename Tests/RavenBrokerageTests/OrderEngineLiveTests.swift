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

/// The engine on a live market: resting orders match the prices seen live (the tape of
/// prints and quotes), never the simulated market's made-up bars, and each minute only
/// once its bar can be complete.
@Suite("The order engine on live prices")
struct OrderEngineLiveTests {
  let clock = ManualWallClock(EngineFixture.midSession)
  let store: SQLiteStore
  let tape = MinuteTape()
  /// What the gateway would answer for bars when no live provider serves them: bars that
  /// are not the real market's.
  let madeUpBars = FakeMarketDataProvider()
  let market: SimulatedMarket
  let engine: OrderEngine
  let account: LedgerAccount
  let placedMinute: Date

  /// The simulated market stands in for a live provider's quotes and for the bars it
  /// would serve when no live provider serves price history: `marketBarsAreLive: false`.
  init() async throws {
    store = try SQLiteStore.temporary()
    try await store.migrate()
    market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
    engine = OrderEngine(
      store: store, market: madeUpBars, calendar: EngineFixture.calendar,
      clock: clock, tape: tape, marketBarsAreLive: false, barDelay: OrderEngine.liveBarDelay)
    account = try await .fresh(store: store, market: market, engine: engine, clock: clock)
    placedMinute = MarketMinute.start(of: clock.now)
  }

  func restingBuy(_ symbol: Symbol, qty: Quantity, limit: Price) async throws -> Order {
    let order = try await account.placeOrder(
      OrderRequest(
        symbol: symbol, side: .buy, type: .limit, qty: qty, limitPrice: limit, timeInForce: .gtc))
    #expect(order.status == .new)
    return order
  }

  @Test("a limit fills from the prints of the first minute that reaches it, at most 10 % of them")
  func fillsFromPrints() async throws {
    let placed = try await restingBuy("AAPL", qty: 30, limit: Price("1.00")!)
    let minute = placedMinute.addingTimeInterval(120)
    tape.record([
      TradePrint(
        symbol: "AAPL", price: Price("1.02")!, time: minute.addingTimeInterval(1), size: 100),
      TradePrint(
        symbol: "AAPL", price: Price("0.99")!, time: minute.addingTimeInterval(20), size: 100),
      TradePrint(
        symbol: "AAPL", price: Price("1.01")!, time: minute.addingTimeInterval(50), size: 100),
    ])
    clock.set(minute.addingTimeInterval(60 + OrderEngine.liveBarDelay))
    try await engine.matchDueMinutes()
    let order = try await account.order(id: placed.id)
    let fill = try #require(order.fills.first)
    #expect(fill.time == minute)
    // The minute opened above the limit and traded down through it: at the limit.
    #expect(fill.price == Price("1.00")!)
    #expect(fill.price >= Price("0.99")! && fill.price <= Price("1.02")!)
    #expect(order.status == .partiallyFilled)
    #expect(order.filledQty > .zero && order.filledQty <= 30)
  }

  @Test("a market order during a session fills at once at the live price it was placed at")
  func marketOrderFillsAtOnce() async throws {
    let placed = try await account.placeOrder(
      OrderRequest(symbol: "KO", side: .buy, type: .market, qty: 2, timeInForce: .day))
    #expect(placed.status == .filled)
    let fill = try #require(placed.fills.first)
    #expect(fill.price == (try market.quote(for: "KO", at: clock.now)).price)
    #expect(fill.time == placedMinute)
    // The price placed at is not put on the tape: others' resting orders match only prices
    // seen traded.
    #expect(tape.bars(for: "KO", from: placedMinute, to: .distantFuture).isEmpty)
  }

  @Test("without prints no order fills, whatever bars the market answers")
  func madeUpBarsIgnored() async throws {
    let placed = try await restingBuy("KO", qty: 1, limit: Price("1.00")!)
    let minutes = (1...30).map { placedMinute.addingTimeInterval(Double($0) * 60) }
    madeUpBars.setBars(
      minutes.map {
        Bar(
          time: $0, open: Price("0.50")!, high: Price("0.50")!, low: Price("0.50")!,
          close: Price("0.50")!, volume: 1_000_000)
      }, for: "KO", resolution: .minute)
    clock.advance(by: 31 * 60)
    try await engine.matchDueMinutes()
    #expect(try await account.order(id: placed.id).status == .new)
    // The same bars fill it at once when they are the market's own.
    let trusting = OrderEngine(
      store: store, market: madeUpBars, calendar: EngineFixture.calendar, clock: clock, tape: tape)
    try await trusting.matchDueMinutes()
    #expect(try await account.order(id: placed.id).status == .filled)
  }

  @Test("a minute seen only through quotes fills the whole order its price reaches")
  func quotesOnly() async throws {
    let placed = try await restingBuy("MSFT", qty: 40, limit: Price("2.00")!)
    let minute = placedMinute.addingTimeInterval(180)
    tape.record(
      Quote(
        symbol: "MSFT", price: Price("1.95")!, open: Price("2.10")!, high: Price("2.10")!,
        low: Price("1.90")!, previousClose: Price("2.05")!, time: minute.addingTimeInterval(5)))
    clock.set(minute.addingTimeInterval(60 + OrderEngine.liveBarDelay))
    try await engine.matchDueMinutes()
    let order = try await account.order(id: placed.id)
    #expect(order.status == .filled && order.filledQty == 40)
    #expect(order.fills.map(\.price) == [Price("1.95")!])
  }

  @Test("a minute is matched only once its bar can be complete")
  func waitsForTheBar() async throws {
    let placed = try await restingBuy("AAPL", qty: 1, limit: Price("1.00")!)
    let minute = placedMinute.addingTimeInterval(60)
    tape.record([
      TradePrint(
        symbol: "AAPL", price: Price("0.98")!, time: minute.addingTimeInterval(10), size: 500)
    ])
    clock.set(minute.addingTimeInterval(60 + OrderEngine.liveBarDelay - 1))
    try await engine.matchDueMinutes()
    #expect(try await account.order(id: placed.id).status == .new)
    clock.set(minute.addingTimeInterval(60 + OrderEngine.liveBarDelay))
    try await engine.matchDueMinutes()
    #expect(try await account.order(id: placed.id).status == .filled)
    #expect(await engine.followedSymbols == ["AAPL"])
  }
}
