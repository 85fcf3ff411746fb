import Foundation
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

/// A margin call (issue 33): checked at each minute's close; below maintenance, the
/// account's open orders are canceled and its largest positions closed in the next minute,
/// at the bid or the ask; the books reconcile after it.
@Suite("Margin calls")
struct OrderEngineMarginCallTests {
  let clock = ManualWallClock(EngineFixture.midSession)
  let store: SQLiteStore
  let market: SimulatedMarket
  let engine: OrderEngine
  let account: LedgerAccount

  init() async throws {
    store = try SQLiteStore.temporary()
    try await store.migrate()
    market = SimulatedMarket(seed: 42, calendar: EngineFixture.calendar)
    let universe = CompanyUniverse.builtIn()
    engine = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock,
      decided: market, securities: universe)
    account = try await LedgerAccount.fresh(
      store: store, market: market, engine: engine, clock: clock, securities: universe)
    let record = try #require(try await store.accounts(userID: account.userID).first)
    _ = try await store.setAccountSettings(
      id: account.accountID, userID: account.userID, to: record.settings.withMargin(true))
  }

  func market(_ symbol: Symbol, _ side: TradeSide, qty: Quantity) async throws -> Order {
    try await account.placeOrder(
      OrderRequest(symbol: symbol, side: side, type: .market, qty: qty, timeInForce: .day))
  }

  @Test("Under maintenance: open orders canceled, the largest position closed the next minute")
  func liquidation() async throws {
    // $25,000 of equity, 4× intraday: about $6,000 long of one stock and $82,000 short of
    // another need 25 % and 30 % kept, more than the equity.
    let price = try market.quote(for: "MSFT", at: clock.now).price
    let shortShares = Quantity(
      exact: (ExactDecimal(82_000).divided(by: price.exact, fractionDigits: 0))!)
    let long = try await market("KO", .buy, qty: 80)
    #expect(long.status == .filled)
    let short = try await market("MSFT", .sell, qty: shortShares)
    #expect(short.status == .filled)
    let resting = try await account.placeOrder(
      OrderRequest(
        symbol: "KO", side: .sell, type: .limit, qty: 10, limitPrice: Price(cents: 99_900),
        timeInForce: .gtc))
    let before = try await store.account(accountID: account.accountID)
    let prices = market.quotes(for: ["MSFT", "KO"], at: clock.now).mapValues(\.price)
    let figures = MarginFigures(
      cash: before.cash, positions: before.positions, prices: prices,
      terms: CompanyUniverse.builtIn())
    #expect(figures.isBelowMaintenance)

    // The minute's close: the call.
    let minute = MarketMinute.start(of: clock.now)
    clock.set(minute.addingTimeInterval(61))
    let called = try await engine.matchDueMinutes()
    let canceled = try #require(called.first { $0.order.id == resting.id })
    #expect(canceled.order.status == .canceled && canceled.order.reason == "margin_call")
    let cover = try #require(
      called.first { $0.order.clientOrderID.hasPrefix(MarginCall.clientOrderPrefix) })
    #expect(cover.order.symbol == "MSFT" && cover.order.side == .buy)
    #expect(cover.order.qty == shortShares && cover.order.status == .new)
    // Checked once a minute: a second pass in the same minute calls nothing more.
    #expect(try await engine.matchDueMinutes().isEmpty)

    // The next minute fills it, at the ask; KO, the smaller, stays.
    clock.set(minute.addingTimeInterval(121))
    try await engine.matchDueMinutes()
    let filled = try await account.order(id: cover.order.id)
    #expect(filled.status == .filled && filled.filledQty == shortShares)
    let bar = try #require(market.decidedMinute(for: "MSFT", at: minute.addingTimeInterval(60)))
    #expect(filled.fills.first?.price == min(bar.open + MinuteSpread.halfSpread(of: bar), bar.high))
    let after = try await store.account(accountID: account.accountID)
    #expect(after.positions.map(\.symbol) == ["KO"])
    #expect(
      after.cash == before.cash
        - (try #require(filled.fills.first).price * shortShares)
        .rounded(toFractionDigits: 2, rounding: .awayFromZero))
    let basis = after.positions.reduce(Money.zero) { $0 + $1.totalCost }
    #expect(after.cash + basis - after.realizedProfit == 25_000)
    #expect(try await engine.matchDueMinutes().isEmpty)
  }

  @Test("Above maintenance nothing is touched")
  func noCall() async throws {
    _ = try await market("KO", .buy, qty: 10)
    _ = try await market("MSFT", .sell, qty: 5)
    clock.set(MarketMinute.start(of: clock.now).addingTimeInterval(61))
    #expect(try await engine.matchDueMinutes().isEmpty)
    #expect(try await store.account(accountID: account.accountID).positions.count == 2)
  }
}
