import Foundation
import RavenCore
import RavenStore
import Testing

/// Deposits and withdrawals in both stores (issue 35).
extension StoreConformance {
  @Test(
    "A deposit and a withdrawal move cash once per key; a withdrawal cannot take held cash",
    arguments: StoreKind.available)
  func transfers(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      let deposit = try await store.transfer(
        .text("1000.50"), accountID: account, idempotencyKey: "k1", cashFloor: nil, at: at(10))
      #expect(deposit.cash == .text("11000.50") && !deposit.isReplay)
      #expect(deposit.transfer.amount == .text("1000.50") && deposit.transfer.time == at(10))
      // The same key again: the first transfer, nothing moved, whatever the amount.
      let replay = try await store.transfer(
        .text("5.00"), accountID: account, idempotencyKey: "k1", cashFloor: nil, at: at(20))
      #expect(replay.isReplay && replay.transfer == deposit.transfer)
      #expect(replay.cash == .text("11000.50"))

      // An open buy holds $900: at most $10,100.50 may leave.
      _ = try await store.place(.buy, 10, "AAPL", limit: .text("90.00"), for: alice)
      await #expect(throws: StoreError.transfer(.insufficientFunds)) {
        try await store.transfer(
          .text("-10100.51"), accountID: account, idempotencyKey: nil, cashFloor: nil, at: at(30))
      }
      let withdrawal = try await store.transfer(
        .text("-10100.50"), accountID: account, idempotencyKey: nil, cashFloor: nil, at: at(40))
      #expect(withdrawal.cash == .text("900.00"))
      #expect(withdrawal.transfer.direction == .withdrawal)
      #expect(try await store.account(accountID: account).cash == .text("900.00"))
      #expect(
        try await store.transfers(accountID: account).map(\.amount) == [
          .text("1000.50"), .text("-10100.50"),
        ])
      // Another user's key of the same text is theirs.
      let bob = try await store.makeUser("bob", cash: 100)
      let bobs = try await store.firstAccount(of: bob.id)
      let other = try await store.transfer(
        .text("1.00"), accountID: bobs, idempotencyKey: "k1", cashFloor: nil, at: at(50))
      #expect(!other.isReplay && other.cash == .text("101.00"))
      await #expect(throws: StoreError.notFound) {
        try await store.transfer(
          .text("1.00"), accountID: AccountID(999_999), idempotencyKey: nil, cashFloor: nil,
          at: at(60))
      }
    }
  }

  @Test(
    "A withdrawal may not leave less cash than its floor, as the transaction finds the cash",
    arguments: StoreKind.available)
  func transferFloor(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      // Two withdrawals priced against the same $4,000 floor (a margin account's excess
      // of $6,000 seen once): the second finds the first's cash gone.
      let first = try await store.transfer(
        .text("-5000.00"), accountID: account, idempotencyKey: nil, cashFloor: .text("4000.00"),
        at: at(10))
      #expect(first.cash == .text("5000.00"))
      await #expect(throws: StoreError.transfer(.insufficientFunds)) {
        try await store.transfer(
          .text("-1000.01"), accountID: account, idempotencyKey: nil,
          cashFloor: .text("4000.00"), at: at(20))
      }
      let second = try await store.transfer(
        .text("-1000.00"), accountID: account, idempotencyKey: nil, cashFloor: .text("4000.00"),
        at: at(30))
      #expect(second.cash == .text("4000.00"))
      // A deposit is never held to it.
      let deposit = try await store.transfer(
        .text("1.00"), accountID: account, idempotencyKey: nil, cashFloor: .text("9000.00"),
        at: at(40))
      #expect(deposit.cash == .text("4001.00"))
    }
  }

  @Test(
    "A reset starts a period without the last one's transfers; a closed account takes none",
    arguments: StoreKind.available)
  func transfersAcrossPeriods(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      _ = try await store.transfer(
        .text("500.00"), accountID: account, idempotencyKey: nil, cashFloor: nil, at: at(10))
      _ = try await store.resetAccount(
        id: account, userID: alice.id, startingCash: 20_000, reason: "test", at: at(20))
      #expect(try await store.transfers(accountID: account).isEmpty)
      _ = try await store.transfer(
        .text("-1.00"), accountID: account, idempotencyKey: nil, cashFloor: nil, at: at(30))
      #expect(try await store.transfers(accountID: account).map(\.amount) == [.text("-1.00")])
      let second = try await store.createAccount(
        userID: alice.id, name: "Second", startingCash: 1_000, limit: 10, at: at(40))
      _ = try await store.closeAccount(id: second.id, userID: alice.id, at: at(50))
      await #expect(throws: StoreError.accountClosed) {
        try await store.transfer(
          .text("1.00"), accountID: second.id, idempotencyKey: nil, cashFloor: nil, at: at(60))
      }
    }
  }
}
