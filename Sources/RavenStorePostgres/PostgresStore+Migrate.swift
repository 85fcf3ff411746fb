import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  /// Any number that no other program on the database uses as an advisory lock:
  /// "Raven" in ASCII.
  private static let migrationLock: Int64 = 0x52_61_76_65_6E

  public func migrate(through version: Int?) async throws(StoreError) {
    // One transaction per migration, each starting with a transaction-scoped advisory
    // lock: servers starting together queue here, and each reads the applied versions
    // only once it holds the lock, so every migration runs exactly once. The lock also
    // guards `CREATE TABLE IF NOT EXISTS`, which is not safe to race in PostgreSQL.
    while try await transaction({ connection in
      try await self.applyNextMigration(connection, through: version)
    }) {
    }
  }

  /// Applies the first pending migration; false when there was none.
  private func applyNextMigration(_ connection: PostgresConnection, through version: Int?)
    async throws -> Bool
  {
    try await connection.query(
      "SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
    try await connection.query(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )
      """, logger: logger)
    var applied = Set<Int>()
    for row in try await connection.rows("SELECT version FROM schema_migrations", logger) {
      applied.insert(try row.decode(Int.self))
    }
    guard let migration = try PostgresMigrations.all.pending(applied: applied).first,
      migration.version <= version ?? .max
    else { return false }
    for statement in migration.statements {
      try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
    }
    try await connection.query(
      "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
      logger: logger)
    return true
  }
}
