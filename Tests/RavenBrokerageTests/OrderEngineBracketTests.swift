import Foundation
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

/// Brackets and OCO matched by the engine on the simulated market (issue 33, point 5):
/// the exits wait for the entry, each is matched honestly like any order, and one filling
/// cancels the other; the books reconcile.
@Suite("Brackets and OCO in the engine")
struct OrderEngineBracketTests {
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
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock,
      decided: market)
    account = try await .fresh(store: store, market: market, engine: engine, clock: clock)
  }

  /// The highest high of `symbol`'s next `minutes` whole minutes.
  func highest(_ symbol: Symbol, minutes: Int) throws -> Price {
    let start = MarketMinute.start(after: clock.now)
    return try (0..<minutes).map { offset in
      try #require(
        market.decidedMinute(for: symbol, at: start.addingTimeInterval(Double(offset) * 60))
      ).high
    }.max()!
  }

  @Test("A market bracket: exits active at once; the take-profit fills, the stop is canceled")
  func takeProfit() async throws {
    let price = try market.quote(for: "AAPL", at: clock.now).price
    // A take-profit the next half hour reaches, a stop far below.
    let target = Price(exact: (try highest("AAPL", minutes: 30) - Price(cents: 1)).exact)
    try #require(target > price + Price(cents: 1))
    let entry = try await account.placeOrder(
      OrderRequest(
        symbol: "AAPL", side: .buy, type: .market, qty: 10, timeInForce: .gtc,
        orderClass: "bracket",
        exits: OrderExits(
          takeProfit: target,
          stopLoss: .init(
            stopPrice: Price(exact: (price.exact * 8).divided(by: 10, fractionDigits: 2)!)))))
    #expect(entry.status == .filled && entry.orderClass == .bracket)
    var legs = try await account.legs(of: entry)
    #expect(legs.map(\.status) == [.new, .new] && legs.map(\.type) == [.limit, .stop])
    // The shares are held once, by the take-profit: none left to sell.
    #expect(
      try await store.account(accountID: account.accountID).sharesAvailable(of: "AAPL") == .zero)

    clock.set(clock.now.addingTimeInterval(31 * 60))
    try await engine.matchDueMinutes()
    legs = try await account.legs(of: entry)
    #expect(legs[0].status == .filled && legs[0].fills.allSatisfy { $0.price >= target })
    #expect(legs[1].status == .canceled && legs[1].reason == OrderCascade.reason)
    let after = try await store.account(accountID: account.accountID)
    #expect(after.positions.isEmpty)
    #expect(after.cash == 25_000 + after.realizedProfit)
    #expect(after.realizedProfit.isPositive)
  }

  @Test("A limit bracket's exits wait; canceling the entry cancels them")
  func heldUntilFilled() async throws {
    let price = try market.quote(for: "KO", at: clock.now).price
    let low = Price(exact: (price.exact * 5).divided(by: 10, fractionDigits: 2)!)
    let entry = try await account.placeOrder(
      OrderRequest(
        symbol: "KO", side: .buy, type: .limit, qty: 5, limitPrice: low, timeInForce: .day,
        orderClass: "oto", exits: OrderExits(takeProfit: price)))
    #expect(entry.status == .new)
    let legs = try await account.legs(of: entry)
    #expect(legs.map(\.status) == [.held])
    // A held exit holds nothing: the entry's cash is all that is held.
    let held = try await store.account(accountID: account.accountID).holds
    #expect(held.heldShares(of: "KO") == .zero)
    clock.set(clock.now.addingTimeInterval(120))
    try await engine.matchDueMinutes()
    #expect(try await account.order(id: legs[0].id).status == .held)
    _ = try await account.cancelOrder(id: entry.id)
    #expect(try await account.order(id: legs[0].id).status == .canceled)
  }

  @Test("An OCO on shares held: the take-profit and the stop hold them once; one ends both")
  func oneCancelsOther() async throws {
    _ = try await account.placeOrder(
      OrderRequest(symbol: "MSFT", side: .buy, type: .market, qty: 4, timeInForce: .day))
    let price = try market.quote(for: "MSFT", at: clock.now).price
    let oco = try await account.placeOrder(
      OrderRequest(
        symbol: "MSFT", side: .sell, type: .limit, qty: 4,
        limitPrice: Price(exact: (price.exact * 2).rounded(toFractionDigits: 2)),
        timeInForce: .gtc, orderClass: "oco",
        exits: OrderExits(
          takeProfit: Price(exact: (price.exact * 2).rounded(toFractionDigits: 2)),
          stopLoss: .init(stopPrice: Price(exact: price.exact.divided(by: 2, fractionDigits: 2)!))))
    )
    let legs = try await account.legs(of: oco)
    #expect(oco.status == .new && legs.map(\.status) == [.new] && legs[0].type == .stop)
    #expect(
      try await store.account(accountID: account.accountID).sharesAvailable(of: "MSFT") == .zero)
    // A third sale finds nothing free.
    await #expect(throws: (any Error).self) {
      try await account.placeOrder(
        OrderRequest(symbol: "MSFT", side: .sell, type: .market, qty: 1, timeInForce: .day))
    }
    _ = try await account.cancelOrder(id: legs[0].id)
    #expect(try await account.order(id: oco.id).status == .canceled)
  }
}
