import Foundation
import Logging
import PostgresNIO
import RavenCore
import RavenStore
import ServiceLifecycle

/// The store for many servers sharing one PostgreSQL database, through PostgresNIO's
/// connection pool (`PostgresClient`).
///
/// The pool works inside `run()`, which must be running while the store is used: add
/// the store to the server's `ServiceGroup` (it is a `Service`) and call `migrate()`
/// once it runs, e.g. in Hummingbird's `beforeServerStarts`. Cancelling `run()` or a
/// graceful shutdown closes the connections. When the database cannot be reached, calls
/// wait until the pool gives up on connecting (about a minute), then throw `unavailable`.
///
/// A trade is one transaction that first locks the account row (`SELECT … FOR UPDATE`),
/// so trades on one account run one after another while other accounts trade in parallel.
public final class PostgresStore: Store, Service {
  let client: PostgresClient
  let logger: Logger

  /// A store for the database at `url` (see `configuration(url:)`); throws when the URL
  /// cannot be read. Nothing connects until `run()` runs and a method is called.
  public convenience init(url: String, logger: Logger) throws(StoreError) {
    self.init(configuration: try Self.configuration(url: url), logger: logger)
  }

  /// A store with a configuration built by hand, e.g. with more connections or a
  /// `search_path` startup parameter to keep its tables in a schema of their own.
  public init(configuration: PostgresClient.Configuration, logger: Logger) {
    self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.logger = logger
  }

  /// Runs the connection pool until the task is cancelled or the service group shuts down.
  /// Call it once (PostgresNIO traps on a second call); until it runs, calls wait.
  public func run() async {
    await client.run()
  }

  /// Runs `body` in one transaction on one pooled connection, committed when it returns
  /// and rolled back when it throws.
  func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T)
    async throws(StoreError) -> T
  {
    do {
      return try await client.withTransaction(logger: logger) { connection in
        try await body(connection)
      }
    } catch {
      throw Self.storeError(error)
    }
  }

  /// Runs `body` on one pooled connection, without an explicit transaction.
  func connection<T: Sendable>(_ body: (PostgresConnection) async throws -> T)
    async throws(StoreError) -> T
  {
    do {
      return try await client.withConnection { connection in try await body(connection) }
    } catch {
      throw Self.storeError(error)
    }
  }

  static func storeError(_ error: any Error) -> StoreError {
    if let error = error as? PostgresTransactionError {
      // The closure's own refusal (not enough cash, …) is the answer, even when the
      // rollback that followed failed: nothing was committed either way.
      return storeError(
        error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
          ?? StoreError.unavailable("transaction failed"))
    }
    if let error = error as? StoreError { return error }
    if let error = error as? PSQLError {
      switch error.serverInfo?[.sqlState] {
      // Every foreign key points at a user or an account: the user does not exist.
      case "23503": return .notFound
      case "23505" where error.serverInfo?[.constraintName] == "users_username_key":
        return .usernameTaken
      case "23505" where error.serverInfo?[.constraintName] == "accounts_open_name":
        return .accountNameTaken
      default:
        // PSQLError's description hides the server's message (it may hold data);
        // the SQLSTATE and message are what an operator needs in the log.
        let message = error.serverInfo?[.message] ?? "\(error.code)"
        return .unavailable("PostgreSQL \(error.serverInfo?[.sqlState] ?? "-"): \(message)")
      }
    }
    return .unavailable(String(describing: error))
  }
}

extension PostgresConnection {
  /// Runs `query` and collects its rows (results here are a page at most).
  func rows(_ query: PostgresQuery, _ logger: Logger) async throws -> [PostgresRow] {
    try await self.query(query, logger: logger).collect()
  }

  /// Runs a statement whose rows, if any, are not needed.
  func perform(_ query: PostgresQuery, _ logger: Logger) async throws {
    _ = try await self.query(query, logger: logger).collect()
  }
}
