import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test("Positions keep the user's order; new ones go last", arguments: StoreKind.available)
  func positionOrder(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      for symbol: Symbol in ["TSLA", "AAPL", "MSFT", "NVDA"] {
        try await store.buy(1, symbol, at: .text("10.00"), for: alice)
      }
      func order() async throws -> [Symbol] {
        try await store.account(accountID: try await store.firstAccount(of: alice.id)).positions
          .map(\.symbol)
      }
      #expect(try await order() == ["TSLA", "AAPL", "MSFT", "NVDA"])

      // Named first (repeats and symbols not held ignored), the rest as they were.
      try await store.setPositionOrder(
        accountID: try await store.firstAccount(of: alice.id),
        symbols: ["MSFT", "GOOG", "AAPL", "MSFT"])
      #expect(try await order() == ["MSFT", "AAPL", "TSLA", "NVDA"])

      // Buying more keeps the place; selling out and buying again goes last.
      try await store.buy(1, "MSFT", at: .text("10.00"), for: alice)
      try await store.sell(1, "AAPL", at: .text("10.00"), for: alice)
      try await store.buy(1, "AAPL", at: .text("10.00"), for: alice)
      try await store.buy(1, "AMZN", at: .text("10.00"), for: alice)
      #expect(try await order() == ["MSFT", "TSLA", "NVDA", "AAPL", "AMZN"])

      try await store.setPositionOrder(
        accountID: try await store.firstAccount(of: alice.id), symbols: [])
      #expect(try await order() == ["MSFT", "TSLA", "NVDA", "AAPL", "AMZN"])
    }
  }

  @Test(
    "The watchlist keeps its order; adding twice changes nothing", arguments: StoreKind.available)
  func watchlist(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      #expect(try await store.watchlist(userID: alice.id).isEmpty)
      for symbol: Symbol in ["NVDA", "AAPL", "BRK.B"] {
        try await store.addToWatchlist(userID: alice.id, symbol: symbol, at: start)
      }
      try await store.addToWatchlist(userID: alice.id, symbol: "NVDA", at: at(60))
      #expect(try await store.watchlist(userID: alice.id) == ["NVDA", "AAPL", "BRK.B"])
      #expect(try await store.watchlist(userID: bob.id).isEmpty)

      try await store.setWatchlistOrder(userID: alice.id, symbols: ["BRK.B", "TSLA"])
      #expect(try await store.watchlist(userID: alice.id) == ["BRK.B", "NVDA", "AAPL"])

      try await store.removeFromWatchlist(userID: alice.id, symbol: "NVDA")
      try await store.addToWatchlist(userID: alice.id, symbol: "NVDA", at: at(120))
      #expect(try await store.watchlist(userID: alice.id) == ["BRK.B", "AAPL", "NVDA"])

      let missing = await storeError {
        try await store.removeFromWatchlist(userID: alice.id, symbol: "TSLA")
      }
      #expect(missing?.isNotFound == true)
      let others = await storeError {
        try await store.removeFromWatchlist(userID: bob.id, symbol: "AAPL")
      }
      #expect(others?.isNotFound == true)
      #expect(try await store.watchlist(userID: alice.id) == ["BRK.B", "AAPL", "NVDA"])
    }
  }

  @Test("Watching for a user that does not exist is notFound", arguments: StoreKind.available)
  func watchForMissingUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let error = await storeError {
        try await store.addToWatchlist(userID: UserID(404), symbol: "AAPL", at: start)
      }
      #expect(error?.isNotFound == true)
    }
  }
}
