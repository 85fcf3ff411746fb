import Foundation
import GRDB
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore
import RavenTestSupport
import Testing

/// One order the engine cannot read never stops it: the pass rejects that order with a
/// reason and matches everyone else's.
extension OrderEngineTests {
  /// Runs `sql` on the store's database behind its back.
  func plant(_ sql: String) async throws {
    try await DatabaseQueue(path: store.path).write { db in try db.execute(sql: sql) }
  }

  @Test("Unreadable rows are rejected once, and every other account's orders still fill")
  func skipsUnreadableOrders() async throws {
    // The probe's account: a share of F, a stop whose hold price cannot be read back,
    // and an order whose body cannot be read.
    let eve = try await store.createUser(
      username: "eve", passwordHash: "x", startingCash: 1_000, at: clock.now)
    let eves = try await store.firstAccount(of: eve.id)
    try await store.simpleTrade(
      .buy, 1, "F", at: Price("10.00")!, accountID: eves, time: clock.now)
    var stops: [UUID] = []
    for _ in 0..<2 {
      let id = UUID()
      let order = Order(
        id: id, clientOrderID: id.uuidString,
        request: OrderRequest(
          symbol: "F", side: .sell, type: .stop, qty: Quantity("0.5")!, stopPrice: Price("1.00")!,
          timeInForce: .gtc),
        submittedAt: clock.now)
      _ = try await store.placeOrder(order, holdPrice: Price("1.02")!, accountID: eves)
      stops.append(id)
    }
    try await plant(
      "UPDATE orders SET hold_price = '125925925192592592519259259251925.9180' WHERE id = '\(stops[0].uuidString)'"
    )
    try await plant(
      #"UPDATE orders SET body = '{"id": "broken"' WHERE id = '\#(stops[1].uuidString)'"#)

    // Ada's buy at a limit above the market fills in the next minute.
    let price = try market.quote(for: "KO", at: clock.now).price
    let placed = try await account.placeOrder(
      OrderRequest(
        symbol: "KO", side: .buy, type: .limit, qty: 1,
        limitPrice: Price(exact: (price.exact * 2).rounded(toFractionDigits: 2)),
        timeInForce: .gtc))
    clock.advance(by: 3 * 60)
    let changed = try await engine.matchDueMinutes()
    #expect(try await account.order(id: placed.id).status == .filled)
    #expect(changed.contains { $0.order.id == stops[0] && $0.order.status == .rejected })

    let rejected = try await store.order(id: stops[0], accountID: eves)
    #expect(rejected.order.status == .rejected)
    #expect(rejected.order.reason == OrderEngine.unreadableReason)
    #expect(try await store.openOrders() == OpenOrders(orders: []))
    // The probe's own account reads again, and its share is free to sell.
    #expect(try await store.account(accountID: eves).positions.first?.shares == 1)
    try await store.simpleTrade(
      .sell, 1, "F", at: Price("10.00")!, accountID: eves, time: clock.now)

    // A later pass (or a restart) has nothing left to reject.
    clock.advance(by: 60)
    #expect(try await engine.matchDueMinutes().isEmpty)
  }
}
