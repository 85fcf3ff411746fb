import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  static func link(
    _ user: User, sealed: String = "sealed bytes \u{0}\u{1}\u{ff}", hint: String = "…WXYZ"
  )
    -> BrokerageLink
  {
    BrokerageLink(
      userID: user.id, provider: "alpaca", sealedCredentials: Data(sealed.utf8), keyHint: hint,
      linkedAt: at(60))
  }

  @Test(
    "A brokerage link is kept byte for byte per user, replaced by a new one, and removed",
    arguments: StoreKind.available)
  func brokerageLink(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      #expect(try await store.brokerageLink(userID: alice.id) == nil)

      let link = Self.link(alice)
      try await store.saveBrokerageLink(link)
      #expect(try await store.brokerageLink(userID: alice.id) == link)
      #expect(try await store.brokerageLink(userID: bob.id) == nil)

      var relinked = Self.link(alice, sealed: "other", hint: "…ABCD")
      relinked.linkedAt = at(120)
      try await store.saveBrokerageLink(relinked)
      #expect(try await store.brokerageLink(userID: alice.id) == relinked)

      try await store.deleteBrokerageLink(userID: alice.id)
      #expect(try await store.brokerageLink(userID: alice.id) == nil)
      // Unlinking again changes nothing.
      try await store.deleteBrokerageLink(userID: alice.id)
    }
  }

  @Test("Linking leaves the ledger account untouched", arguments: StoreKind.available)
  func brokerageLinkKeepsLedger(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      try await store.buy(2, "AAPL", at: .text("100.00"), for: alice)
      let before = try await store.account(userID: alice.id)
      try await store.saveBrokerageLink(Self.link(alice))
      try await store.deleteBrokerageLink(userID: alice.id)
      #expect(try await store.account(userID: alice.id) == before)
    }
  }

  @Test("A link for a user that does not exist is refused", arguments: StoreKind.available)
  func brokerageLinkForMissingUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let nobody = User(id: UserID(4242), username: "nobody", createdAt: start)
      #expect(
        await storeError { try await store.saveBrokerageLink(Self.link(nobody)) }?.isNotFound
          == true)
    }
  }
}
