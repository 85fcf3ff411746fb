import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  /// Links `user`'s Alpaca account with `sealed` bytes at `time`.
  @discardableResult
  static func link(
    _ user: User, in store: any Store, sealed: String = "sealed bytes \u{0}\u{1}\u{ff}",
    hint: String = "…WXYZ", time: Date = at(60)
  ) async throws(StoreError) -> AccountRecord {
    try await store.saveBrokerageLink(
      userID: user.id, name: "Alpaca", provider: "alpaca", sealedCredentials: Data(sealed.utf8),
      keyHint: hint, at: time)
  }

  @Test(
    "A brokerage link is an account of its own, kept byte for byte, replaced by a new one, and closed by unlinking",
    arguments: StoreKind.available)
  func brokerageLink(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      let first = try await store.firstAccount(of: alice.id)
      #expect(try await store.brokerageLink(accountID: first) == nil)

      let linked = try await Self.link(alice, in: store)
      #expect(linked.kind == .alpaca && linked.name == "Alpaca" && linked.id != first)
      #expect(
        try await store.brokerageLink(accountID: linked.id)
          == BrokerageLink(
            accountID: linked.id, provider: "alpaca",
            sealedCredentials: Data("sealed bytes \u{0}\u{1}\u{ff}".utf8), keyHint: "…WXYZ",
            linkedAt: at(60)))
      #expect(try await store.accounts(userID: bob.id).count == 1)
      #expect(try await store.accounts(userID: alice.id).defaultAccount?.id == linked.id)

      let relinked = try await Self.link(
        alice, in: store, sealed: "other", hint: "…ABCD", time: at(120))
      #expect(relinked.id == linked.id)
      #expect(try await store.brokerageLink(accountID: linked.id)?.keyHint == "…ABCD")

      let closed = try await store.deleteBrokerageLink(userID: alice.id, at: at(180))
      #expect(closed?.id == linked.id && closed?.closedAt == at(180))
      #expect(try await store.brokerageLink(accountID: linked.id) == nil)
      #expect(try await store.accounts(userID: alice.id).defaultAccount?.id == first)
      // Unlinking again changes nothing.
      #expect(try await store.deleteBrokerageLink(userID: alice.id, at: at(240)) == nil)
      // Linking again opens a new account.
      #expect(try await Self.link(alice, in: store, time: at(300)).id != linked.id)
    }
  }

  @Test("Linking leaves the ledger account untouched", arguments: StoreKind.available)
  func brokerageLinkKeepsLedger(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      try await store.buy(2, "AAPL", at: .text("100.00"), for: alice)
      let first = try await store.firstAccount(of: alice.id)
      let before = try await store.account(accountID: first)
      try await Self.link(alice, in: store)
      _ = try await store.deleteBrokerageLink(userID: alice.id, at: at(120))
      #expect(try await store.account(accountID: first) == before)
    }
  }

  @Test("A link for a user that does not exist is refused", arguments: StoreKind.available)
  func brokerageLinkForMissingUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let nobody = User(id: UserID(4242), username: "nobody", createdAt: start)
      #expect(await storeError { try await Self.link(nobody, in: store) }?.isNotFound == true)
    }
  }
}
