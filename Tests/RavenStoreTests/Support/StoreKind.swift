import Foundation
import GRDB
import RavenCore
import RavenStore
import RavenStoreSQLite
import Testing

/// The stores the conformance suite runs against: SQLite always, PostgreSQL when
/// `RAVEN_TEST_POSTGRES_URL` names a database (`.ci/postgres` starts one and prints it).
enum StoreKind: Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres(url: String)

  static let available: [StoreKind] =
    [.sqlite]
    + (ProcessInfo.processInfo.environment["RAVEN_TEST_POSTGRES_URL"].map {
      [.postgres(url: $0)]
    } ?? [])

  var testDescription: String {
    switch self {
    case .sqlite: "SQLite"
    case .postgres: "PostgreSQL"
    }
  }

  /// Runs `body` with a migrated store on a database of its own, deleted afterwards.
  func withStore(_ body: (any Store) async throws -> Void) async throws {
    try await withDatabase { database in try await body(database.store) }
  }

  /// Runs `body` with `stores` stores on one fresh database of its own (several stand
  /// for several server processes), migrated first unless `migrated` is false.
  func withDatabase(
    stores: Int = 1, migrated: Bool = true, _ body: (TestDatabase) async throws -> Void
  ) async throws {
    switch self {
    case .sqlite:
      try await Self.withSQLite(stores: stores, migrated: migrated, body)
    case .postgres(let url):
      try await PostgresTestDatabase.with(
        url: url, stores: stores, migrated: migrated, body)
    }
  }

  private static func withSQLite(
    stores count: Int, migrated: Bool, _ body: (TestDatabase) async throws -> Void
  ) async throws {
    // A fresh file per test; `temporary()` deletes it with the store.
    let first = try SQLiteStore.temporary()
    var stores = [first]
    for _ in 1..<max(count, 1) { stores.append(try SQLiteStore(path: first.path)) }
    if migrated { try await first.migrate() }
    let path = first.path
    try await body(
      TestDatabase(stores: stores) { sql in
        try await DatabaseQueue(path: path).write { db in
          try String.fetchAll(db, sql: sql)
        }
      })
  }
}

/// A fresh database for one test and ways to reach it.
struct TestDatabase: Sendable {
  /// Stores on this database.
  let stores: [any Store]
  /// Runs raw SQL behind the stores' back (to read the schema or plant bad rows) and
  /// returns the first column of each row as text.
  let sql: @Sendable (String) async throws -> [String]

  var store: any Store { stores[0] }
}
