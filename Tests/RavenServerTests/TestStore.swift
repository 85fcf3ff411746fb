import Foundation
import Hummingbird
import Logging
import PostgresNIO
import RavenStore
import RavenStorePostgres
import RavenStoreSQLite
import ServiceLifecycle
import Testing

/// The stores a server test runs on: a temporary SQLite database always, and PostgreSQL
/// when `RAVEN_TEST_POSTGRES_URL` names a database (`.ci/postgres` starts one), so a route's
/// guarantee is held on both, as `raven serve` and `raven serve --database-url` wire them.
enum TestStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres

  static var available: [TestStore] {
    TestDatabaseURL.postgres == nil ? [.sqlite] : allCases
  }

  var testDescription: String { rawValue }

  /// Hands `body` a fresh store and the services the application must run for it. A
  /// PostgreSQL store gets a schema of its own (through `search_path`), dropped afterwards.
  func with(_ body: (any Store, [any Service]) async throws -> Void) async throws {
    switch self {
    case .sqlite:
      try await body(try SQLiteStore.temporary(), [])
    case .postgres:
      let url = try #require(TestDatabaseURL.postgres)
      try await Self.withPostgresSchema(url: url) { store in try await body(store, [store]) }
    }
  }

  private static func withPostgresSchema(
    url: String, _ body: (PostgresStore) async throws -> Void
  ) async throws {
    var logger = Logger(label: "raven.server.tests")
    logger.logLevel = .error
    let schema =
      "raven_server_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    var configuration = try PostgresStore.configuration(url: url)
    configuration.options.maximumConnections = 4
    // A schema missing from the path is skipped, so `admin` connects before creating it.
    configuration.options.additionalStartupParameters = [("search_path", schema)]
    let admin = PostgresClient(configuration: configuration, backgroundLogger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await admin.run() }
      defer { group.cancelAll() }
      try await admin.query("CREATE SCHEMA \(unescaped: schema)")
      var failure: (any Error)?
      do {
        try await body(PostgresStore(configuration: configuration, logger: logger))
      } catch {
        failure = error
      }
      try await admin.query("DROP SCHEMA \(unescaped: schema) CASCADE")
      if let failure { throw failure }
    }
  }
}

enum TestDatabaseURL {
  static let postgres = ProcessInfo.processInfo.environment["RAVEN_TEST_POSTGRES_URL"]
}
