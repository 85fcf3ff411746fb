import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func migrate(through version: Int?) async throws(StoreError) {
    // One transaction per migration. Applied versions are read inside it, under
    // SQLite's write lock (GRDB begins writes IMMEDIATE), so when two processes
    // migrate at once the second waits, then finds the migration recorded.
    //
    // Foreign keys are off while a migration runs, as SQLite's procedure for changing a
    // table's shape asks (a rebuilt table is dropped without cascading to the rows that
    // point at it), and checked before it commits.
    do {
      while try await pool.writeWithoutTransaction({ db in
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        var applied = false
        try db.inTransaction(.immediate) {
          applied = try Self.applyNextMigration(db, through: version)
          if let broken = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
            throw StoreError.corrupt("a migration broke a foreign key: \(broken)")
          }
          return .commit
        }
        return applied
      }) {}
    } catch {
      throw Self.storeError(error)
    }
  }

  /// Applies the first pending migration; false when there was none.
  private static func applyNextMigration(_ db: Database, through version: Int?) throws -> Bool {
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at INTEGER NOT NULL
        )
        """)
    let applied = Set(try Int.fetchAll(db, sql: "SELECT version FROM schema_migrations"))
    guard let migration = try SQLiteMigrations.all.pending(applied: applied).first,
      migration.version <= version ?? .max
    else { return false }
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
