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
    let open: [Int] =
      switch status {
      case .open: [1]
      case .closed: [0]
      case .all: [0, 1]
      }
    // Past the cursor in the list's own order: (time, id) after it, or before it.
    let past = window.ascending ? ">" : "<"
    let direction = window.ascending ? "ASC" : "DESC"
    let cursorTime = window.cursor.map { StoredValue.microseconds($0.submittedAt) }
    return try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.orderColumns) FROM \(Self.orderSource)
          WHERE o.account_id = ?
            AND o.is_open IN (\(open.map(String.init).joined(separator: ",")))
            AND (? IS NULL OR o.symbol = ?)
            AND (? IS NULL OR o.submitted_at > ?) AND (? IS NULL OR o.submitted_at < ?)
            AND (? IS NULL OR (o.submitted_at, o.id) \(past) (?, ?))
          ORDER BY o.submitted_at \(direction), o.id \(direction) LIMIT ?
          """,
        arguments: [
          accountID.rawValue, symbol?.rawValue, symbol?.rawValue,
          window.after.map(StoredValue.microseconds), window.after.map(StoredValue.microseconds),
          window.until.map(StoredValue.microseconds), window.until.map(StoredValue.microseconds),
          cursorTime, cursorTime, window.cursor?.id.uuidString, limit,
        ]
      ).map(Self.storedOrder)
    }
  }
}
