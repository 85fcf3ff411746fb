import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "One pass fills many orders of one account, each fill seeing what the others still hold",
    arguments: StoreKind.available)
  func passFillsManyOfOneAccount(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      var orders: [StoredOrder] = []
      // Four buys holding 250 each: the whole 1,000.
      for symbol in ["AAPL", "MSFT", "KO", "PEP"] as [Symbol] {
        orders.append(try await store.place(.buy, 2, symbol, limit: .text("125.00"), for: alice))
      }
      func fill(_ stored: StoredOrder, _ qty: Quantity) -> OrderChange {
        OrderChange(
          orderID: stored.order.id, accountID: stored.accountID, version: stored.version,
          update: .minute(
            MinuteOutcome(
              orderID: stored.order.id,
              fill: OrderFill(time: at(60), qty: qty, price: .text("125.00")))),
          time: at(60))
      }
      // In one transaction: half of the first, then the others whole. Each fill must see
      // the holds as the fills before it left them (the first's half still held, nothing
      // of the others it filled): a stale hold would leave no buying power for the next.
      let changed = try await store.changeOrders(
        [fill(orders[0], 1)] + orders.dropFirst().map { fill($0, 2) }, matchedThrough: at(60))
      #expect(changed.map(\.order.status) == [.partiallyFilled, .filled, .filled, .filled])
      let account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == Money("125.00"))
      #expect(account.holds.map(\.orderID) == [orders[0].order.id])
      // The half still open holds the last 125.
      #expect(
        await storeError {
          try await store.place(.buy, 1, "KO", limit: .text("1.00"), for: alice)
        } == .order(.insufficientFunds))
    }
  }
}
