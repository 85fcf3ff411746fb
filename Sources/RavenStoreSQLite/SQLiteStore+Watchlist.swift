import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func watchlist(userID: UserID) async throws(StoreError) -> [Symbol] {
    try await read { db in
      try db.fetchTexts(
        sql: "SELECT symbol FROM watchlist_items WHERE user_id = ? ORDER BY sort_order, symbol",
        arguments: [userID.rawValue]
      ).map { text throws(StoreError) in try StoredValue.symbol(text, "symbol") }
    }
  }

  public func addToWatchlist(userID: UserID, symbol: Symbol, at time: Date)
    async throws(StoreError)
  {
    try await write { db in
      try db.run(
        sql: """
          INSERT INTO watchlist_items (user_id, symbol, sort_order, added_at)
          VALUES (?, ?,
            (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM watchlist_items WHERE user_id = ?), ?)
          ON CONFLICT (user_id, symbol) DO NOTHING
          """,
        arguments: [
          userID.rawValue, symbol.rawValue, userID.rawValue, StoredValue.microseconds(time),
        ])
    }
  }

  public func removeFromWatchlist(userID: UserID, symbol: Symbol) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM watchlist_items WHERE user_id = ? AND symbol = ?",
        arguments: [userID.rawValue, symbol.rawValue])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  public func setWatchlistOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError) {
    try await write { db in
      try Self.reorder(
        db, table: "watchlist_items", owner: ("user_id", userID.rawValue), first: symbols)
    }
  }
}
