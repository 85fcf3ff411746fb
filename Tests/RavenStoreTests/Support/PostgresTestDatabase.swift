import Foundation
import Logging
import PostgresNIO
import RavenCore
import RavenStore
import RavenStorePostgres

/// Gives each PostgreSQL test a schema of its own in the database named by
/// `RAVEN_TEST_POSTGRES_URL`: the stores connect with `search_path` set to a new schema,
/// so their tables (and `schema_migrations`) are created there, and the schema is
/// dropped when the test ends. Tests run in parallel without seeing each other.
enum PostgresTestDatabase {
  /// Few tests use the server at once, so that their pools stay under `max_connections`.
  private static let gate = AsyncGate(permits: 6)

  static func with(
    url: String, stores count: Int, migrated: Bool, _ body: (TestDatabase) async throws -> Void
  ) async throws {
    var logger = Logger(label: "raven.store.tests")
    logger.logLevel = .error
    let schema =
      "raven_test_"
      + UUID().uuidString.replacingOccurrences(of: "-", with: "")
      .lowercased()
    var configuration = try PostgresStore.configuration(url: url)
    configuration.options.maximumConnections = 4
    // PostgreSQL accepts any setting as a startup parameter; a missing schema in the
    // path is skipped, so `admin` can connect before it creates the schema.
    configuration.options.additionalStartupParameters = [("search_path", schema)]
    let admin = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let stores = (0..<max(count, 1)).map { _ in
      PostgresStore(configuration: configuration, logger: logger)
    }
    try await gate.withPermit {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await admin.run() }
        for store in stores { group.addTask { await store.run() } }
        try await admin.query("CREATE SCHEMA \(unescaped: schema)")
        var failure: (any Error)?
        do {
          if migrated { try await stores[0].migrate() }
          try await body(
            TestDatabase(stores: stores) { sql in
              var texts: [String] = []
              for try await row in try await admin.query(PostgresQuery(unsafeSQL: sql)) {
                texts.append(try row.decode(String.self))
              }
              return texts
            })
        } catch {
          failure = error
        }
        try await admin.query("DROP SCHEMA \(unescaped: schema) CASCADE")
        group.cancelAll()
        if let failure { throw failure }
      }
    }
  }
}

/// A counting semaphore for async code.
actor AsyncGate {
  private var permits: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(permits: Int) { self.permits = permits }

  nonisolated func withPermit<T>(_ body: () async throws -> T) async throws -> T {
    await acquire()
    do {
      let value = try await body()
      await release()
      return value
    } catch {
      await release()
      throw error
    }
  }

  private func acquire() async {
    if permits > 0 {
      permits -= 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  private func release() {
    if waiting.isEmpty { permits += 1 } else { waiting.removeFirst().resume() }
  }
}
