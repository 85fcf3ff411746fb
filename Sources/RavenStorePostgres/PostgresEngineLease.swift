import Foundation
import Logging
import PostgresNIO
import RavenStore
import Synchronization

/// `EngineLease` through a PostgreSQL advisory lock: the server whose connection holds the
/// lock runs the engine. The lock is the session's, so it goes with the connection: when
/// its server dies (or loses the database), PostgreSQL lets go at once, and another server,
/// trying every second, takes it. One lock per schema, so that deployments (and tests)
/// sharing a database in schemas of their own each have an engine.
public final class PostgresEngineLease: EngineLease {
  /// How often the holder makes sure its connection is alive, and so still holds it.
  static let probeInterval: Duration = .seconds(2)
  /// How often the others try to take it.
  static let retryInterval: Duration = .seconds(1)
  static let lockKey = "hashtext(current_schema() || ':raven.engine')"

  private let client: PostgresClient
  private let logger: Logger
  private let held = Atomic<Bool>(false)

  public init(store: PostgresStore, logger: Logger) {
    self.client = store.client
    self.logger = logger
  }

  public var isHeld: Bool { held.load(ordering: .acquiring) }

  public func hold() async {
    while !Task.isCancelled {
      do {
        try await client.withConnection { connection in try await self.hold(on: connection) }
      } catch {
        if Task.isCancelled { return }
        logger.warning("The engine's lease was lost", metadata: ["error": "\(error)"])
      }
      try? await Task.sleep(for: Self.retryInterval)
    }
  }

  /// Takes the lock on `connection` if it is free, and holds it until the connection
  /// fails or the task is cancelled.
  private func hold(on connection: PostgresConnection) async throws {
    // A server that vanishes without closing its socket (its host lost) is found dead in
    // about 11 s by the database's keepalives, rather than the system's two hours, and
    // its lock goes with its session.
    for setting in [
      "SET tcp_keepalives_idle = 5", "SET tcp_keepalives_interval = 2",
      "SET tcp_keepalives_count = 3",
    ] {
      _ = try await connection.query(PostgresQuery(unsafeSQL: setting), logger: logger).collect()
    }
    let taken = try await connection.query(
      "SELECT pg_try_advisory_lock(\(unescaped: Self.lockKey))", logger: logger
    ).collect().first?.decode(Bool.self)
    guard taken == true else { return }
    held.store(true, ordering: .releasing)
    logger.info("This server runs the order engine")
    defer { held.store(false, ordering: .releasing) }
    do {
      while true {
        try await Task.sleep(for: Self.probeInterval)
        _ = try await connection.query("SELECT 1", logger: logger).collect()
      }
    } catch {
      // Let go before the connection goes back to the pool, whatever ended the hold: a
      // lock left on a pooled connection would keep every server's engine waiting. If
      // that fails, the connection is closed, which lets go too.
      do {
        _ = try await connection.query(
          "SELECT pg_advisory_unlock(\(unescaped: Self.lockKey))", logger: logger
        ).collect()
      } catch {
        try? await connection.close()
      }
      if !(error is CancellationError) { throw error }
    }
  }
}
