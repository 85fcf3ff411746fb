import Foundation
import RavenCore
import RavenStore
import RavenTestSupport
import Testing

/// 2025-11-20 14:46:40 UTC: whole seconds, so every store returns it unchanged.
let start = Date(timeIntervalSince1970: 1_763_650_000)

func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

/// The `StoreError` that `body` throws; records an issue (and returns nil) when it
/// throws nothing or another error.
func storeError<T>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> T
) async -> StoreError? {
  do {
    _ = try await body()
    Issue.record("Expected a StoreError", sourceLocation: sourceLocation)
  } catch let error as StoreError {
    return error
  } catch {
    Issue.record("Expected a StoreError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

extension Store {
  func makeUser(_ name: String = "alice", cash: Money = 10_000) async throws(StoreError) -> User {
    try await createUser(
      username: name, passwordHash: "hash of \(name)", startingCash: cash, at: start)
  }

  /// A simple trade as the ledger places it (`simpleTrade`).
  @discardableResult
  func buy(
    _ shares: Quantity, _ symbol: Symbol, at price: Price, for user: User,
    clientOrderID: String? = nil, time: Date = start
  ) async throws(StoreError) -> TradeReceipt {
    try await simpleTrade(
      .buy, shares, symbol, at: price, accountID: try await firstAccount(of: user.id),
      clientOrderID: clientOrderID, time: time)
  }

  @discardableResult
  func sell(
    _ shares: Quantity, _ symbol: Symbol, at price: Price, for user: User,
    clientOrderID: String? = nil, time: Date = start
  ) async throws(StoreError) -> TradeReceipt {
    try await simpleTrade(
      .sell, shares, symbol, at: price, accountID: try await firstAccount(of: user.id),
      clientOrderID: clientOrderID, time: time)
  }
}

extension Price {
  /// A price from its text, keeping its fraction digits (`"187.9500"`).
  static func text(_ text: String) -> Price { Price(text)! }
}

extension Quantity {
  static func text(_ text: String) -> Quantity { Quantity(text)! }
}

extension Money {
  static func text(_ text: String) -> Money { Money(text)! }
}

/// The store conformance suite: every test runs once per available store.
@Suite("Store conformance") struct StoreConformance {}
