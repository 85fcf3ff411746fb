import Foundation
import RavenCore
import RavenStore
import Testing

/// A client order ID names one order of one user: what a retried simple trade (its
/// idempotency key) and a bot's retried order rely on.
extension StoreConformance {
  @Test(
    "A client order ID is one order per user; the refused second changes nothing",
    arguments: StoreKind.available)
  func clientOrderIDOncePerUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let first = try await store.buy(
        2, "AAPL", at: .text("100.00"), for: alice, clientOrderID: "tap-1")
      #expect(first.cash == .text("800.00"))
      #expect(
        await storeError {
          try await store.buy(2, "AAPL", at: .text("100.00"), for: alice, clientOrderID: "tap-1")
        } == .order(.duplicateClientOrderID))
      #expect(
        try await store.account(accountID: try await store.firstAccount(of: alice.id)).cash
          == .text("800.00"))
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 1)
      #expect(
        try await store.order(
          clientOrderID: "tap-1", accountID: try await store.firstAccount(of: alice.id)
        ).order.filledQty == 2)

      // IDs belong to one user: Bob's "tap-1" is an order of its own.
      let bob = try await store.makeUser("bob", cash: 1_000)
      try await store.buy(1, "AAPL", at: .text("10.00"), for: bob, clientOrderID: "tap-1")
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: bob.id)).count == 1
      )
    }
  }

  @Test("A refused order does not use up its client order ID", arguments: StoreKind.available)
  func refusedClientOrderIDIsFree(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100)
      let error = await storeError {
        try await store.buy(2, "AAPL", at: .text("100.00"), for: alice, clientOrderID: "k")
      }
      #expect(error?.orderError == .insufficientFunds)
      #expect(
        await storeError {
          try await store.order(
            clientOrderID: "k", accountID: try await store.firstAccount(of: alice.id))
        }
          == .notFound)
      let bought = try await store.buy(
        1, "AAPL", at: .text("100.00"), for: alice, clientOrderID: "k")
      #expect(bought.cash == .zero)
    }
  }

  @Test("Orders racing with one client order ID are placed once", arguments: StoreKind.available)
  func racingClientOrderIDs(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let outcomes = await withTaskGroup(of: StoreError?.self) { group in
        for _ in 0..<20 {
          group.addTask {
            do throws(StoreError) {
              try await store.buy(
                1, "AAPL", at: .text("10.00"), for: alice, clientOrderID: "double-tap")
              return nil
            } catch {
              return error
            }
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.filter { $0 == nil }.count == 1)
      #expect(outcomes.compactMap { $0 }.allSatisfy { $0 == .order(.duplicateClientOrderID) })
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 1)
      #expect(
        try await store.account(accountID: try await store.firstAccount(of: alice.id)).cash
          == .text("990.00"))
    }
  }
}
