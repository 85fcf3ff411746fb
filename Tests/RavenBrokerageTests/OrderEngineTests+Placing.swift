import Foundation
import RavenBrokerage
import RavenCore
import RavenStore
import Testing

extension OrderEngineTests {
  /// A market buy far larger than a minute's volume allows, as a just-placed order.
  private func hugeBuy() -> StoredOrder {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: id.uuidString,
      request: OrderRequest(
        symbol: "KO", side: .buy, type: .market, qty: 5_000_000, timeInForce: .day),
      submittedAt: clock.now)
    return StoredOrder(
      accountID: account.accountID, userID: account.userID, order: order,
      holdPrice: Price("60.00")!, version: 1, sequence: 0)
  }

  private func filled(_ match: PlacingMatch) -> Quantity {
    match.changes.reduce(.zero) { total, change in
      guard case .minute(let outcome) = change.update else { return total }
      return total + (outcome.fill?.qty ?? .zero)
    }
  }

  @Test("A placement sets its fill's volume aside at once, and gives it back when refused")
  func placingSetsAsideAndReleases() async throws {
    let price = try market.quote(for: "KO", at: clock.now).price
    let first = await engine.matchPlacing(hugeBuy(), at: price)
    let taken = filled(first)
    #expect(taken.isPositive)
    #expect(taken < 5_000_000)  // the minute's participation caps it

    // Set aside: a second order in the same minute finds less left.
    let second = await engine.matchPlacing(hugeBuy(), at: price)
    #expect(filled(second) < taken)

    // Both refused by the store: what they set aside is free again.
    await engine.release(second)
    await engine.release(first)
    #expect(filled(await engine.matchPlacing(hugeBuy(), at: price)) == taken)
  }

  @Test("A market order placed in a session is recorded filled, its fill in the account")
  func marketOrderFillsAsPlaced() async throws {
    let placed = try await account.placeOrder(
      OrderRequest(symbol: "KO", side: .buy, type: .market, qty: 3, timeInForce: .day))
    #expect(placed.status == .filled)
    let stored = try await store.order(id: placed.id, accountID: account.accountID)
    #expect(stored.order.status == .filled)
    // Placed (version 1) and filled (2) in the same write.
    #expect(stored.version == 2)
    let position = try await store.account(accountID: account.accountID).positions.first
    #expect(position?.symbol == "KO")
    #expect(position?.shares == 3)
  }
}
