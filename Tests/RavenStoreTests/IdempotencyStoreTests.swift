import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "A repeated idempotency key returns the first trade without trading again",
    arguments: StoreKind.available)
  func replay(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let first = try await store.buy(2, "AAPL", at: .text("100.00"), for: alice, key: "tap-1")
      try await store.buy(1, "MSFT", at: .text("50.00"), for: alice)

      let again = try await store.buy(2, "AAPL", at: .text("100.00"), for: alice, key: "tap-1")
      #expect(again.isReplay)
      #expect(again.record == first.record)
      // The cash right after that first trade, not the cash now.
      #expect(again.cash == .text("800.00"))
      #expect(try await store.account(userID: alice.id).cash == .text("750.00"))
      #expect(try await store.tradeHistory(userID: alice.id).count == 2)

      // Keys belong to one user: Bob's "tap-1" is a trade of its own.
      let bob = try await store.makeUser("bob", cash: 1_000)
      #expect(
        try await store.buy(1, "AAPL", at: .text("10.00"), for: bob, key: "tap-1").isReplay == false
      )
    }
  }

  @Test("A refused trade does not use up its key", arguments: StoreKind.available)
  func refusedKeyIsFree(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100)
      let error = await storeError {
        try await store.buy(2, "AAPL", at: .text("100.00"), for: alice, key: "k")
      }
      #expect(error?.tradeError == .insufficientFunds)
      #expect(
        try await store.buy(1, "AAPL", at: .text("100.00"), for: alice, key: "k").isReplay == false)
    }
  }

  @Test("Requests racing with one key trade once", arguments: StoreKind.available)
  func racingReplays(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let receipts = try await withThrowingTaskGroup(of: TradeReceipt.self) { group in
        for _ in 0..<20 {
          group.addTask {
            try await store.buy(1, "AAPL", at: .text("10.00"), for: alice, key: "double-tap")
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(receipts.filter { !$0.isReplay }.count == 1)
      #expect(Set(receipts.map(\.record.id)).count == 1)
      #expect(try await store.tradeHistory(userID: alice.id).count == 1)
      #expect(try await store.account(userID: alice.id).cash == .text("990.00"))
    }
  }
}
