import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?,
    submitted window: OrderTimeWindow,
    limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    guard limit > 0 else { return [] }
    let open = status.isOpen
    // Past the cursor in the list's own order: (time, sequence) after it, or before it.
    let past = window.ascending ? ">" : "<"
    let direction = window.ascending ? "ASC" : "DESC"
    let after = window.after.map(PostgresTimestamp.init)
    let until = window.until.map(PostgresTimestamp.init)
    let cursorTime = window.cursor.map { PostgresTimestamp($0.submittedAt) }
    let cursorSequence = window.cursor?.sequence
    return try await connection { connection in
      try await connection.rows(
        """
        SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq FROM orders AS o
        JOIN accounts AS a ON a.id = o.account_id
        WHERE o.account_id = \(accountID.rawValue)
          AND (\(open)::boolean IS NULL OR o.is_open = \(open)::boolean)
          AND (\(symbol?.rawValue)::text IS NULL OR o.symbol = \(symbol?.rawValue)::text)
          AND (\(after)::timestamptz IS NULL OR o.submitted_at > \(after)::timestamptz)
          AND (\(until)::timestamptz IS NULL OR o.submitted_at < \(until)::timestamptz)
          AND (\(cursorTime)::timestamptz IS NULL
            OR (o.submitted_at, o.seq) \(unescaped: past) (\(cursorTime)::timestamptz, \(cursorSequence)::bigint))
        ORDER BY o.submitted_at \(unescaped: direction), o.seq \(unescaped: direction)
        LIMIT \(limit)
        """, self.logger
      ).map(Self.storedOrder)
    }
  }
}
