import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreKind {
  /// Every migration, in order. PostgreSQL's alone keep what servers share (throttles'
  /// counts, providers' budgets); one SQLite server keeps them in memory.
  var migrationNames: [String] {
    let shared = [
      "001_users_and_sign_in", "002_accounts_and_trades", "003_watchlists_and_goals",
      "004_brokerage_links", "005_orders", "006_market_state", "007_api_keys",
      "008_named_watchlists", "009_several_accounts", "010_account_settings",
      "011_margin_accounts", "012_orders_by_time", "013_corporate_actions", "014_transfers",
      "015_session_closes", "016_minute_volume",
    ]
    switch self {
    case .sqlite: return shared
    case .postgres:
      return shared + ["017_attempts", "018_rate_buckets", "019_order_holds", "020_locked_reads"]
    }
  }
}

extension StoreConformance {
  @Test("Migrations are numbered, recorded, and safe to run again", arguments: StoreKind.available)
  func migrateTwice(kind: StoreKind) async throws {
    try await kind.withDatabase { database in
      let alice = try await database.store.makeUser()
      try await database.store.migrate()
      #expect(try await database.store.user(id: alice.id) == alice)
      let names = try await database.sql("SELECT name FROM schema_migrations ORDER BY version")
      #expect(names == kind.migrationNames)
    }
  }

  @Test(
    "Servers migrating one database at once apply each migration once",
    arguments: StoreKind.available)
  func concurrentMigrations(kind: StoreKind) async throws {
    try await kind.withDatabase(stores: 4, migrated: false) { database in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for store in database.stores { group.addTask { try await store.migrate() } }
        try await group.waitForAll()
      }
      #expect(
        try await database.sql("SELECT name FROM schema_migrations").count
          == kind.migrationNames.count)
      let alice = try await database.stores[3].makeUser()
      #expect(try await database.stores[0].user(id: alice.id) == alice)
    }
  }

  @Test("Unreadable rows are reported as corrupt, not a crash", arguments: StoreKind.available)
  func corruptRows(kind: StoreKind) async throws {
    try await kind.withDatabase { database in
      let store = database.store
      let alice = try await store.makeUser()
      try await store.buy(1, "AAPL", at: .text("10.00"), for: alice)
      _ = try await store.saveGoal(
        Goal(title: "Car", description: "", target: 1, allocations: []), id: nil,
        accountID: try await store.firstAccount(of: alice.id), at: start)
      _ = try await database.sql("UPDATE positions SET symbol = 'not a symbol!'")
      _ = try await database.sql("UPDATE trades SET symbol = 'not a symbol!'")
      _ = try await database.sql("UPDATE goals SET allocations = '{\"symbol\": 1}'")

      let account = await storeError {
        try await store.account(accountID: try await store.firstAccount(of: alice.id))
      }
      #expect(account?.description.contains("unreadable value in column symbol") == true)
      #expect(
        await storeError {
          try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id))
        } != nil)
      #expect(
        await storeError {
          try await store.goals(accountID: try await store.firstAccount(of: alice.id))
        } != nil)
    }
  }
}
