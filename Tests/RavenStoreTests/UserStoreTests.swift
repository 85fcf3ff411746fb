import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "A new user is stored lower-cased with an account holding the starting cash",
    arguments: StoreKind.available)
  func createUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let user = try await store.createUser(
        username: "Alice", passwordHash: "$2b$12$hash", startingCash: .text("25000.00"), at: start)
      #expect(user.username == "alice")
      #expect(user.createdAt == start)
      #expect(try await store.user(id: user.id) == user)

      let credentials = try #require(try await store.credentials(username: "ALICE"))
      #expect(credentials.user == user)
      #expect(credentials.passwordHash == "$2b$12$hash")

      let account = try await store.account(accountID: try await store.firstAccount(of: user.id))
      #expect(account.cash.description == "25000.00")
      #expect(account.startingCash.description == "25000.00")
      #expect(account.realizedProfit == .zero)
      #expect(account.positions.isEmpty)
    }
  }

  @Test("Usernames are unique whatever their case", arguments: StoreKind.available)
  func usernameTaken(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let error = await storeError { try await store.makeUser("ALICE") }
      #expect(error?.isUsernameTaken == true)
      let bob = try await store.makeUser("Bob")
      #expect(bob.id != alice.id)
      #expect(try await store.credentials(username: "bob")?.user == bob)
    }
  }

  @Test("Unknown users are missing, not errors", arguments: StoreKind.available)
  func unknownUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      #expect(try await store.user(id: UserID(alice.id.rawValue + 1)) == nil)
      #expect(try await store.credentials(username: "nobody") == nil)
      #expect(
        await storeError { try await store.account(accountID: AccountID(999)) }?.isNotFound == true)
    }
  }

  @Test(
    "A session is found until it expires, and not after it is deleted",
    arguments: StoreKind.available)
  func sessions(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let session = BrowserSession(
        tokenHash: "sha256-of-token", userID: alice.id, csrfToken: "csrf", createdAt: start,
        expiresAt: at(3600))
      try await store.createSession(session)

      #expect(try await store.session(tokenHash: "sha256-of-token", at: at(60)) == session)
      #expect(try await store.session(tokenHash: "sha256-of-token", at: at(3600)) == session)
      #expect(try await store.session(tokenHash: "sha256-of-token", at: at(3601)) == nil)
      #expect(try await store.session(tokenHash: "another", at: at(60)) == nil)

      try await store.deleteSession(tokenHash: "sha256-of-token")
      #expect(try await store.session(tokenHash: "sha256-of-token", at: at(60)) == nil)
      // Deleting again (a second sign-out) is harmless.
      try await store.deleteSession(tokenHash: "sha256-of-token")
    }
  }

  @Test(
    "Signing out everywhere but here, and a new password hash", arguments: StoreKind.available)
  func signOutOthersAndNewHash(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      for (hash, user) in [("a1", alice), ("a2", alice), ("a3", alice), ("b1", bob)] {
        try await store.createSession(
          BrowserSession(
            tokenHash: hash, userID: user.id, csrfToken: "c", createdAt: start,
            expiresAt: at(3600)))
      }
      try await store.deleteSessions(userID: alice.id, keeping: "a2")
      #expect(try await store.session(tokenHash: "a1", at: at(60)) == nil)
      #expect(try await store.session(tokenHash: "a2", at: at(60)) != nil)
      #expect(try await store.session(tokenHash: "a3", at: at(60)) == nil)
      #expect(try await store.session(tokenHash: "b1", at: at(60)) != nil)
      try await store.deleteSessions(userID: alice.id, keeping: nil)
      #expect(try await store.session(tokenHash: "a2", at: at(60)) == nil)
      #expect(try await store.session(tokenHash: "b1", at: at(60)) != nil)

      try await store.setPasswordHash("sha256+new-hash", userID: alice.id)
      let credentials = try await store.credentials(username: alice.username)
      #expect(credentials?.passwordHash == "sha256+new-hash")
      #expect(
        try await store.credentials(username: bob.username)?.passwordHash != "sha256+new-hash")
    }
  }

  @Test("Signing in again removes the user's expired sessions", arguments: StoreKind.available)
  func expiredSessionsPurged(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let old = BrowserSession(
        tokenHash: "old", userID: alice.id, csrfToken: "a", createdAt: start, expiresAt: at(60))
      let live = BrowserSession(
        tokenHash: "live", userID: alice.id, csrfToken: "b", createdAt: start, expiresAt: at(7200))
      try await store.createSession(old)
      try await store.createSession(live)
      try await store.createSession(
        BrowserSession(
          tokenHash: "new", userID: alice.id, csrfToken: "c", createdAt: at(3600),
          expiresAt: at(9000)))
      // Asked about a moment when it was still valid, the expired one is gone for good.
      #expect(try await store.session(tokenHash: "old", at: at(30)) == nil)
      #expect(try await store.session(tokenHash: "live", at: at(30)) == live)
    }
  }

  @Test("A session for a user that does not exist is refused", arguments: StoreKind.available)
  func sessionForMissingUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let session = BrowserSession(
        tokenHash: "h", userID: UserID(42), csrfToken: "c", createdAt: start, expiresAt: at(60))
      #expect(await storeError { try await store.createSession(session) }?.isNotFound == true)
    }
  }

  @Test(
    "API tokens are listed per user and only their owner can delete them",
    arguments: StoreKind.available)
  func apiTokens(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      let laptop = try await store.createAPIToken(
        userID: alice.id, name: "laptop", tokenHash: "hash-1", at: start)
      let script = try await store.createAPIToken(
        userID: alice.id, name: "script", tokenHash: "hash-2", at: at(1))
      let bobs = try await store.createAPIToken(
        userID: bob.id, name: "cli", tokenHash: "hash-3", at: at(2))
      #expect(laptop.userID == alice.id && laptop.name == "laptop" && laptop.createdAt == start)

      #expect(try await store.apiTokens(userID: alice.id) == [laptop, script])
      #expect(try await store.apiTokens(userID: bob.id) == [bobs])
      #expect(try await store.apiToken(tokenHash: "hash-2") == script)
      #expect(try await store.apiToken(tokenHash: "nope") == nil)
      let owner = try await store.apiTokenOwner(tokenHash: "hash-3")
      #expect(owner?.0 == bobs && owner?.1 == bob)
      #expect(try await store.apiTokenOwner(tokenHash: "nope") == nil)

      // Bob cannot delete Alice's token: to him it does not exist.
      let error = await storeError { try await store.deleteAPIToken(id: laptop.id, userID: bob.id) }
      #expect(error?.isNotFound == true)
      #expect(try await store.apiToken(tokenHash: "hash-1") == laptop)

      try await store.deleteAPIToken(id: laptop.id, userID: alice.id)
      #expect(try await store.apiTokens(userID: alice.id) == [script])
      #expect(try await store.apiToken(tokenHash: "hash-1") == nil)
      #expect(try await store.apiTokenOwner(tokenHash: "hash-1") == nil)
      let again = await storeError {
        try await store.deleteAPIToken(id: laptop.id, userID: alice.id)
      }
      #expect(again?.isNotFound == true)
    }
  }

  @Test(
    "Signing out everywhere: a user's sessions and tokens go; API keys and others' stay",
    arguments: StoreKind.available)
  func signOutEverywhere(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      for (hash, user) in [("a1", alice), ("a2", alice), ("b1", bob)] {
        try await store.createSession(
          BrowserSession(
            tokenHash: hash, userID: user.id, csrfToken: "c", createdAt: start,
            expiresAt: at(3600)))
      }
      _ = try await store.createAPIToken(
        userID: alice.id, name: "laptop", tokenHash: "hash-1", at: start)
      _ = try await store.createAPIToken(
        userID: alice.id, name: "script", tokenHash: "hash-2", at: at(1))
      let bobs = try await store.createAPIToken(
        userID: bob.id, name: "cli", tokenHash: "hash-3", at: at(2))
      let key = APIKey(
        id: UUID(), userID: alice.id,
        accountID: try await store.firstAccount(of: alice.id), name: "bot",
        keyID: "PKALICE0000000000001",
        readOnly: false, createdAt: start)
      try await store.createAPIKey(key, secretHash: "key-hash")

      try await store.deleteSessions(userID: alice.id, keeping: nil)
      try await store.deleteAPITokens(userID: alice.id)

      #expect(try await store.session(tokenHash: "a1", at: at(60)) == nil)
      #expect(try await store.session(tokenHash: "a2", at: at(60)) == nil)
      #expect(try await store.apiTokens(userID: alice.id).isEmpty)
      #expect(try await store.apiTokenOwner(tokenHash: "hash-1") == nil)
      // API keys have their own list and are revoked one by one, not here.
      #expect(try await store.apiKeys(userID: alice.id) == [key])
      #expect(try await store.session(tokenHash: "b1", at: at(60)) != nil)
      #expect(try await store.apiTokens(userID: bob.id) == [bobs])
      // With nothing left, doing it again is harmless.
      try await store.deleteAPITokens(userID: alice.id)
    }
  }
}
