import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "Named watchlists: created, listed per user, changed, deleted; another user's are not found",
    arguments: StoreKind.available)
  func namedWatchlists(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      var tech = NamedWatchlist(
        id: UUID(), accountID: try await store.firstAccount(of: alice.id), name: "Tech",
        symbols: ["AAPL", "MSFT"], createdAt: start,
        updatedAt: start)
      let food = NamedWatchlist(
        id: UUID(), accountID: try await store.firstAccount(of: alice.id), name: "Food",
        symbols: [],
        createdAt: start.addingTimeInterval(1),
        updatedAt: start.addingTimeInterval(1))
      try await store.createWatchlist(tech)
      try await store.createWatchlist(food)
      #expect(
        try await store.watchlists(accountID: try await store.firstAccount(of: alice.id)) == [
          tech, food,
        ])
      #expect(
        try await store.watchlists(accountID: try await store.firstAccount(of: bob.id)).isEmpty)
      tech.symbols.append("NVDA")
      tech.name = "Technology"
      tech.updatedAt = start.addingTimeInterval(60)
      try await store.saveWatchlist(tech)
      #expect(
        try await store.watchlist(
          id: tech.id, accountID: try await store.firstAccount(of: alice.id)) == tech)
      await #expect(throws: StoreError.notFound) {
        try await store.watchlist(id: tech.id, accountID: try await store.firstAccount(of: bob.id))
      }
      var stolen = tech
      stolen.accountID = try await store.firstAccount(of: bob.id)
      await #expect(throws: StoreError.notFound) { try await store.saveWatchlist(stolen) }
      await #expect(throws: StoreError.notFound) {
        try await store.deleteWatchlist(
          id: tech.id, accountID: try await store.firstAccount(of: bob.id))
      }
      try await store.deleteWatchlist(
        id: tech.id, accountID: try await store.firstAccount(of: alice.id))
      #expect(
        try await store.watchlists(accountID: try await store.firstAccount(of: alice.id)) == [food])
    }
  }
}
