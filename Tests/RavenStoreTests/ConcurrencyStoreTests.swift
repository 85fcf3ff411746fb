import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  /// Runs `count` trades at once; returns the successes and the refusals.
  private static func race(
    _ count: Int, _ trade: @escaping @Sendable () async throws(StoreError) -> TradeReceipt
  ) async -> (receipts: [TradeReceipt], errors: [OrderError?]) {
    await withTaskGroup(of: Result<TradeReceipt, StoreError>.self) { group in
      for _ in 0..<count {
        group.addTask {
          do throws(StoreError) { return .success(try await trade()) } catch {
            return .failure(error)
          }
        }
      }
      var receipts: [TradeReceipt] = []
      var errors: [OrderError?] = []
      for await result in group {
        switch result {
        case .success(let receipt): receipts.append(receipt)
        case .failure(let error): errors.append(error.orderError)
        }
      }
      return (receipts, errors)
    }
  }

  @Test(
    "Of 100 buys at once that each need 60% of the cash, exactly one succeeds",
    arguments: StoreKind.available)
  func racingBuys(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let (receipts, errors) = await Self.race(100) { () async throws(StoreError) in
        try await store.buy(6, "AAPL", at: .text("100.00"), for: alice)
      }
      #expect(receipts.count == 1)
      #expect(errors.count == 99 && errors.allSatisfy { $0 == .insufficientFunds })
      let account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == .text("400.00"))
      #expect(account.positions == [Position(symbol: "AAPL", shares: 6, totalCost: 600)])
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 1)
    }
  }

  @Test(
    "Of 100 sells at once of more than half the shares, exactly one succeeds",
    arguments: StoreKind.available)
  func racingSells(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      try await store.buy(10, "AAPL", at: .text("50.00"), for: alice)
      let (receipts, errors) = await Self.race(100) { () async throws(StoreError) in
        try await store.sell(6, "AAPL", at: .text("50.00"), for: alice)
      }
      #expect(receipts.count == 1)
      #expect(errors.count == 99 && errors.allSatisfy { $0 == .insufficientShares })
      let account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == .text("800.00"))
      #expect(account.positions.map(\.shares) == [4])
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 2)
    }
  }
}
