import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func createWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    let symbols = try StoredJSON.encode(list.symbols, "the watchlist's symbols")
    try await connection { connection in
      _ = try await connection.rows(
        """
        INSERT INTO named_watchlists (id, account_id, name, symbols, created_at, updated_at)
        VALUES (\(list.id.uuidString), \(list.accountID.rawValue), \(list.name), \(symbols),
          \(PostgresTimestamp(list.createdAt)), \(PostgresTimestamp(list.updatedAt)))
        """, self.logger)
    }
  }

  public func watchlists(accountID: AccountID) async throws(StoreError) -> [NamedWatchlist] {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT id, account_id, name, symbols, created_at, updated_at FROM named_watchlists
        WHERE account_id = \(accountID.rawValue) ORDER BY created_at, id
        """, self.logger
      ).map(Self.watchlist)
    }
  }

  public func watchlist(id: UUID, accountID: AccountID) async throws(StoreError) -> NamedWatchlist {
    let found = try await connection { connection in
      try await connection.rows(
        """
        SELECT id, account_id, name, symbols, created_at, updated_at FROM named_watchlists
        WHERE id = \(id.uuidString) AND account_id = \(accountID.rawValue)
        """, self.logger
      ).first.map(Self.watchlist)
    }
    guard let found else { throw .notFound }
    return found
  }

  public func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    let symbols = try StoredJSON.encode(list.symbols, "the watchlist's symbols")
    let updated = try await connection { connection in
      try await connection.rows(
        """
        UPDATE named_watchlists SET name = \(list.name), symbols = \(symbols),
          updated_at = \(PostgresTimestamp(list.updatedAt))
        WHERE id = \(list.id.uuidString) AND account_id = \(list.accountID.rawValue) RETURNING id
        """, self.logger
      ).count
    }
    guard updated > 0 else { throw .notFound }
  }

  public func deleteWatchlist(id: UUID, accountID: AccountID) async throws(StoreError) {
    let deleted = try await connection { connection in
      try await connection.rows(
        """
        DELETE FROM named_watchlists WHERE id = \(id.uuidString) AND account_id = \(accountID.rawValue)
        RETURNING id
        """, self.logger
      ).count
    }
    guard deleted > 0 else { throw .notFound }
  }

  private static func watchlist(_ row: PostgresRow) throws -> NamedWatchlist {
    let (id, accountID, name, symbols, createdAt, updatedAt) = try row.decode(
      (String, Int64, String, String, PostgresTimestamp, PostgresTimestamp).self)
    guard let uuid = UUID(uuidString: id) else {
      throw StoredValue.corrupt("named_watchlists.id", id)
    }
    return NamedWatchlist(
      id: uuid, accountID: AccountID(accountID), name: name,
      symbols: try StoredJSON.decode([Symbol].self, symbols, column: "symbols"),
      createdAt: createdAt.date, updatedAt: updatedAt.date)
  }
}
