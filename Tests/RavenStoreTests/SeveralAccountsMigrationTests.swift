import Foundation
import RavenCore
import RavenStore
import RavenTestSupport
import Testing

extension StoreConformance {
  @Test(
    "Upgrading makes each user's ledger their first account and a link an account of its own, nothing lost",
    arguments: StoreKind.available)
  func severalAccountsMigration(kind: StoreKind) async throws {
    try await kind.withDatabase(migrated: false) { database in
      let store = database.store
      let old = EarlierSchema(kind: kind, sql: database.sql)
      // A database as the release before several accounts left it.
      try await store.migrate(through: 4)
      let alice = try await old.user(
        "alice", cash: "9719.10",
        trades: [
          ("buy", "2", "187.95", "375.90", "0", "9624.10", at(10)),
          ("sell", "0.5", "190.00", "95.00", "1.0125", "9719.10", at(20)),
        ])
      let bob = try await old.user("bob", cash: "10000")
      try await store.migrate(through: 8)
      let yes = kind.isPostgres ? "true" : "1"
      let bytes = kind.isPostgres ? #"'\x00ff'::bytea"# : "X'00FF'"
      for statement in [
        """
        INSERT INTO positions (user_id, symbol, shares, total_cost, sort_order)
        VALUES (\(alice.id.rawValue), 'AAPL', '1.5', '281.925', 0)
        """,
        """
        INSERT INTO goals (user_id, title, description, target, allocations, created_at,
          updated_at)
        VALUES (\(alice.id.rawValue), 'House', 'By 2030', '60000', '[]', \(old.time(start)),
          \(old.time(start)))
        """,
        """
        INSERT INTO api_keys (id, user_id, name, key_id, secret_hash, read_only, created_at)
        VALUES ('\(UUID().uuidString)', \(alice.id.rawValue), 'bot', 'PKALICE0000000000001',
          'hash', \(yes), \(old.time(start)))
        """,
        """
        INSERT INTO named_watchlists (id, user_id, name, symbols, created_at, updated_at)
        VALUES ('\(UUID().uuidString)', \(alice.id.rawValue), 'Tech', '["AAPL"]',
          \(old.time(start)), \(old.time(start)))
        """,
        """
        INSERT INTO brokerage_links (user_id, provider, sealed_credentials, key_hint, linked_at)
        VALUES (\(bob.id.rawValue), 'alpaca', \(bytes), '..WXYZ', \(old.time(at(30))))
        """,
      ] {
        _ = try await database.sql(statement)
      }

      try await store.migrate()

      // Alice's ledger is her first account, numbered as she is, with all it held.
      let alices = try await store.accounts(userID: alice.id)
      #expect(alices.count == 1)
      let first = try #require(alices.first)
      #expect(first.id.rawValue == alice.id.rawValue)
      #expect(first.name == "Individual" && first.kind == .paper && first.isOpen)
      #expect(first.startingCash == 10_000 && first.createdAt == start)
      let account = try await store.account(accountID: first.id)
      #expect(account.cash == .text("9719.10") && account.startingCash == 10_000)
      #expect(
        account.positions == [
          Position(symbol: "AAPL", shares: .text("1.5"), totalCost: .text("281.925"))
        ])
      #expect(try await store.tradeHistory(accountID: first.id).count == 2)
      let orders = try await store.orders(
        accountID: first.id, status: .all, symbol: nil, before: nil, limit: 10)
      #expect(orders.map(\.order.status) == [.filled, .filled])
      #expect(orders.allSatisfy { $0.accountID == first.id && $0.userID == alice.id })
      #expect(try await store.goals(accountID: first.id).map(\.goal.title) == ["House"])
      #expect(try await store.watchlists(accountID: first.id).map(\.name) == ["Tech"])
      let key = try #require(try await store.apiKeyOwner(keyID: "PKALICE0000000000001"))
      #expect(key.key.accountID == first.id && key.key.readOnly && key.user.id == alice.id)

      // Bob's link is an Alpaca account of his own, his default; his ledger is kept.
      let bobs = try await store.accounts(userID: bob.id)
      #expect(bobs.map(\.kind) == [.paper, .alpaca])
      #expect(bobs.map(\.name) == ["Individual", "Alpaca"])
      let linked = try #require(bobs.last)
      #expect(bobs.defaultAccount?.id == linked.id)
      let link = try #require(try await store.brokerageLink(accountID: linked.id))
      #expect(link.keyHint == "..WXYZ" && link.sealedCredentials == Data([0x00, 0xFF]))
      #expect(link.linkedAt == at(30))
      #expect(try await store.account(accountID: bobs[0].id).cash == 10_000)

      // New accounts are numbered after every migrated one.
      let second = try await store.createAccount(
        userID: alice.id, name: "Second", startingCash: 500, limit: 20, at: at(60))
      #expect(![first.id, bobs[0].id, linked.id].contains(second.id))
      let carol = try await store.makeUser("carol")
      let carols = try await store.firstAccount(of: carol.id)
      #expect(![first.id, bobs[0].id, linked.id, second.id].contains(carols))
    }
  }
}
