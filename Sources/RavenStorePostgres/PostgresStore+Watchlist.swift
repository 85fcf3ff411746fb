import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func watchlist(userID: UserID) async throws(StoreError) -> [Symbol] {
    try await connection { connection in
      try await self.symbols(
        connection, table: "watchlist_items", owner: ("user_id", userID.rawValue))
    }
  }

  public func addToWatchlist(userID: UserID, symbol: Symbol, at time: Date)
    async throws(StoreError)
  {
    try await transaction { connection in
      // Locked so that two adds at once cannot both take the same last place.
      try await self.lockUser(connection, userID: userID)
      try await connection.perform(
        """
        INSERT INTO watchlist_items (user_id, symbol, sort_order, added_at)
        SELECT \(userID.rawValue), \(symbol.rawValue), COALESCE(MAX(sort_order) + 1, 0),
          \(PostgresTimestamp(time))
        FROM watchlist_items WHERE user_id = \(userID.rawValue)
        ON CONFLICT (user_id, symbol) DO NOTHING
        """, self.logger)
    }
  }

  public func removeFromWatchlist(userID: UserID, symbol: Symbol) async throws(StoreError) {
    let removed = try await connection { connection in
      try await connection.rows(
        """
        DELETE FROM watchlist_items WHERE user_id = \(userID.rawValue)
          AND symbol = \(symbol.rawValue)
        RETURNING symbol
        """, self.logger
      ).count
    }
    guard removed > 0 else { throw .notFound }
  }

  public func setWatchlistOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError) {
    try await transaction { connection in
      try await self.lockUser(connection, userID: userID)
      try await self.reorder(
        connection, table: "watchlist_items", owner: ("user_id", userID.rawValue),
        first: symbols)
    }
  }

  public func setPositionOrder(accountID: AccountID, symbols: [Symbol]) async throws(StoreError) {
    try await transaction { connection in
      // The account lock keeps a trade from adding a position while the order is rewritten.
      _ = try await self.lockAccount(connection, accountID: accountID)
      try await self.reorder(
        connection, table: "positions", owner: ("account_id", accountID.rawValue),
        first: symbols)
    }
  }

  /// Locks the user's row until the transaction ends: their watchlist's changes run one
  /// at a time.
  func lockUser(_ connection: PostgresConnection, userID: UserID) async throws {
    guard
      try await !connection.rows(
        "SELECT 1 FROM users WHERE id = \(userID.rawValue) FOR UPDATE", logger
      ).isEmpty
    else { throw StoreError.notFound }
  }

  /// Rewrites `sort_order` of one owner's rows in `table` (an account's positions, a
  /// user's watchlist) as 0, 1, 2, … in the arranged order, under the owner's lock.
  private func reorder(
    _ connection: PostgresConnection, table: String, owner: (column: String, id: Int64),
    first symbols: [Symbol]
  ) async throws {
    let current = try await self.symbols(connection, table: table, owner: owner)
    let arranged = Arrangement.arrange(current, first: symbols)
    // One statement: the symbols and their new places as two parallel arrays.
    try await connection.perform(
      """
      UPDATE \(unescaped: table) AS t SET sort_order = o.place - 1
      FROM unnest(\(arranged.map(\.rawValue))::text[]) WITH ORDINALITY AS o (symbol, place)
      WHERE t.\(unescaped: owner.column) = \(owner.id) AND t.symbol = o.symbol
      """, self.logger)
  }

  private func symbols(
    _ connection: PostgresConnection, table: String, owner: (column: String, id: Int64)
  ) async throws -> [Symbol] {
    try await connection.rows(
      """
      SELECT symbol FROM \(unescaped: table) WHERE \(unescaped: owner.column) = \(owner.id)
      ORDER BY sort_order, symbol
      """, logger
    ).map { row in try StoredValue.symbol(row.decode(String.self), "symbol") }
  }
}
