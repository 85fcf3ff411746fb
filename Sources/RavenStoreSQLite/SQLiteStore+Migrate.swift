import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func migrate() async throws(StoreError) {
    // One transaction per migration. Applied versions are read inside it, under
    // SQLite's write lock (GRDB begins writes IMMEDIATE), so when two processes
    // migrate at once the second waits, then finds the migration recorded.
    while try await write({ db in try Self.applyNextMigration(db) }) {}
  }

  /// Applies the first pending migration; false when there was none.
  private static func applyNextMigration(_ db: Database) throws -> Bool {
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at INTEGER NOT NULL
        )
        """)
    let applied = Set(try Int.fetchAll(db, sql: "SELECT version FROM schema_migrations"))
    guard let migration = try SQLiteMigrations.all.pending(applied: applied).first else {
      return false
    }
    for statement in migration.statements {
      try db.execute(sql: statement)
    }
    try db.execute(
      sql: """
        INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (?, ?, CAST(strftime('%s', 'now') AS INTEGER) * 1000000)
        """,
      arguments: [migration.version, migration.name])
    return true
  }
}
