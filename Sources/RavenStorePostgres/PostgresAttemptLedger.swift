import Foundation
import Logging
import PostgresNIO
import RavenStore
import Synchronization

/// `AttemptLedger` in the database: the throttles' counts that every server on it shares.
/// An attempt is one transaction that first takes a transaction-scoped advisory lock per
/// count (in name order, so two attempts never deadlock), so two servers checking the same
/// count take turns and the second sees what the first recorded.
public final class PostgresAttemptLedger: AttemptLedger {
  /// How often a server sweeps out every count's attempts older than the window.
  static let sweepInterval: TimeInterval = 60

  private let store: PostgresStore
  private let lastSweep = Mutex<Date?>(nil)

  public init(store: PostgresStore) {
    self.store = store
  }

  public func attempt<Answer: Sendable>(
    _ keys: [AttemptKey], since: Date, at time: Date,
    _ decide: @Sendable ([AttemptKey: [Date]]) -> AttemptDecision<Answer>
  ) async throws(StoreError) -> Answer {
    let names = Array(Set(keys.map(\.name))).sorted()
    let after = StoredValue.microseconds(since)
    let at = StoredValue.microseconds(time)
    let logger = store.logger
    if sweepDue(at: time) {
      // Its own statement, holding none of the attempt's locks (best effort: the next
      // minute's sweep takes what this one could not).
      try? await store.connection { connection in
        try await connection.perform("DELETE FROM attempts WHERE at <= \(after)", logger)
      }
    }
    return try await store.transaction { connection in
      // The schema's own locks, so deployments in schemas of one database stay apart.
      try await connection.perform(
        """
        SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':attempt:' || name, 0))
        FROM unnest(\(names)::text[]) AS name
        """, logger)
      var times: [String: [Date]] = [:]
      for row in try await connection.rows(
        """
        SELECT name, at FROM attempts
        WHERE name = ANY(\(names)::text[]) AND at > \(after)
        ORDER BY at, id
        """, logger)
      {
        let (name, micros) = try row.decode((String, Int64).self)
        times[name, default: []].append(StoredValue.date(microseconds: micros))
      }
      let decision = decide(
        Dictionary(keys.map { ($0, times[$0.name] ?? []) }, uniquingKeysWith: { first, _ in first })
      )
      let recorded = Array(Set(decision.record.map(\.name))).sorted()
      if !recorded.isEmpty {
        try await connection.perform(
          """
          INSERT INTO attempts (name, at) SELECT name, \(at) FROM unnest(\(recorded)::text[]) AS name
          """, logger)
        // Only the newest of each count: no rule looks further back than it keeps.
        for key in Set(decision.record) where (times[key.name]?.count ?? 0) + 1 > key.kept {
          try await connection.perform(
            """
            DELETE FROM attempts WHERE id IN (
              SELECT id FROM attempts WHERE name = \(key.name)
              ORDER BY at DESC, id DESC OFFSET \(key.kept))
            """, logger)
        }
      }
      return decision.answer
    }
  }

  public func forget(_ time: Date, from keys: [AttemptKey]) async throws(StoreError) {
    let names = Array(Set(keys.map(\.name)))
    let at = StoredValue.microseconds(time)
    let logger = store.logger
    try await store.transaction { connection in
      try await connection.perform(
        """
        DELETE FROM attempts WHERE id IN (
          SELECT DISTINCT ON (name) id FROM attempts
          WHERE name = ANY(\(names)::text[]) AND at = \(at)
          ORDER BY name, id DESC)
        """, logger)
    }
  }

  public func clear(_ keys: [AttemptKey]) async throws(StoreError) {
    let names = keys.map(\.name)
    let logger = store.logger
    try await store.transaction { connection in
      try await connection.perform(
        "DELETE FROM attempts WHERE name = ANY(\(names)::text[])", logger)
    }
  }

  /// Whether this attempt sweeps the table (once a minute on each server), so that counts
  /// no one asks about again do not stay.
  private func sweepDue(at time: Date) -> Bool {
    lastSweep.withLock { last in
      guard last.map({ time.timeIntervalSince($0) >= Self.sweepInterval }) ?? true else {
        return false
      }
      last = time
      return true
    }
  }
}
