import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?,
    submitted window: OrderTimeWindow,
    limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    guard limit > 0 else { return [] }
    // Past the cursor in the list's own order: (time, sequence) after it, or before it.
    let past = window.ascending ? ">" : "<"
    let direction = window.ascending ? "ASC" : "DESC"
    let cursorTime = window.cursor.map { StoredValue.microseconds($0.submittedAt) }
    return try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.orderColumns) FROM \(Self.orderSource(status))
          WHERE o.account_id = ? AND \(Self.openness(status))
            AND (? IS NULL OR o.symbol = ?)
            AND (? IS NULL OR o.submitted_at > ?) AND (? IS NULL OR o.submitted_at < ?)
            AND (? IS NULL OR (o.submitted_at, o.seq) \(past) (?, ?))
          ORDER BY o.submitted_at \(direction), o.seq \(direction) LIMIT ?
          """,
        arguments: [
          accountID.rawValue, symbol?.rawValue, symbol?.rawValue,
          window.after.map(StoredValue.microseconds), window.after.map(StoredValue.microseconds),
          window.until.map(StoredValue.microseconds), window.until.map(StoredValue.microseconds),
          cursorTime, cursorTime, window.cursor?.sequence, limit,
        ]
      ).map(Self.storedOrder)
    }
  }
}
