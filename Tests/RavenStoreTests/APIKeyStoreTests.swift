import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "API keys: stored with their secret's hash, listed per user, found by key ID, revoked",
    arguments: StoreKind.available)
  func apiKeys(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      let bot = APIKey(
        id: UUID(), userID: alice.id,
        accountID: try await store.firstAccount(of: alice.id), name: "bot",
        keyID: "PKALICE0000000000001",
        readOnly: false, createdAt: start)
      let reader = APIKey(
        id: UUID(), userID: alice.id,
        accountID: try await store.firstAccount(of: alice.id), name: "reader",
        keyID: "PKALICE0000000000002",
        readOnly: true, createdAt: start.addingTimeInterval(1))
      try await store.createAPIKey(bot, secretHash: "hash-1")
      try await store.createAPIKey(reader, secretHash: "hash-2")
      #expect(try await store.apiKeys(userID: alice.id) == [bot, reader])
      #expect(try await store.apiKeys(userID: bob.id).isEmpty)

      let found = try #require(try await store.apiKeyOwner(keyID: "PKALICE0000000000002"))
      #expect(found.key == reader && found.secretHash == "hash-2" && found.user == alice)
      #expect(try await store.apiKeyOwner(keyID: "PKNOBODY000000000000") == nil)

      // A key ID is unique across users.
      await #expect(throws: StoreError.self) {
        try await store.createAPIKey(
          APIKey(
            id: UUID(), userID: bob.id,
            accountID: try await store.firstAccount(of: bob.id), name: "copy", keyID: bot.keyID,
            readOnly: false,
            createdAt: start),
          secretHash: "hash-3")
      }
      await #expect(throws: StoreError.notFound) {
        try await store.deleteAPIKey(id: bot.id, userID: bob.id)
      }
      try await store.deleteAPIKey(id: bot.id, userID: alice.id)
      #expect(try await store.apiKeyOwner(keyID: bot.keyID) == nil)
      #expect(try await store.apiKeys(userID: alice.id) == [reader])
    }
  }
}
