import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func createWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: """
          INSERT INTO named_watchlists (id, account_id, name, symbols, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          list.id.uuidString, list.accountID.rawValue, list.name,
          try StoredJSON.encode(list.symbols, "the watchlist's symbols"),
          StoredValue.microseconds(list.createdAt), StoredValue.microseconds(list.updatedAt),
        ])
    }
  }

  public func watchlists(accountID: AccountID) async throws(StoreError) -> [NamedWatchlist] {
    try await read { db in
      try db.fetchRows(
        sql:
          "SELECT \(Self.watchlistColumns) FROM named_watchlists WHERE account_id = ? ORDER BY created_at, id",
        arguments: [accountID.rawValue]
      ).map(Self.watchlist)
    }
  }

  public func watchlist(id: UUID, accountID: AccountID) async throws(StoreError) -> NamedWatchlist {
    try await read { db in
      guard
        let list = try db.fetchRow(
          sql:
            "SELECT \(Self.watchlistColumns) FROM named_watchlists WHERE id = ? AND account_id = ?",
          arguments: [id.uuidString, accountID.rawValue]
        ).map(Self.watchlist)
      else { throw StoreError.notFound }
      return list
    }
  }

  public func saveWatchlist(_ list: NamedWatchlist) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: """
          UPDATE named_watchlists SET name = ?, symbols = ?, updated_at = ?
          WHERE id = ? AND account_id = ?
          """,
        arguments: [
          list.name, try StoredJSON.encode(list.symbols, "the watchlist's symbols"),
          StoredValue.microseconds(list.updatedAt), list.id.uuidString, list.accountID.rawValue,
        ])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  public func deleteWatchlist(id: UUID, accountID: AccountID) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM named_watchlists WHERE id = ? AND account_id = ?",
        arguments: [id.uuidString, accountID.rawValue])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  private static let watchlistColumns = "id, account_id, name, symbols, created_at, updated_at"

  private static func watchlist(_ row: Row) throws -> NamedWatchlist {
    let text: String = try row.decode(atIndex: 0)
    guard let id = UUID(uuidString: text) else {
      throw StoredValue.corrupt("named_watchlists.id", text)
    }
    return NamedWatchlist(
      id: id, accountID: AccountID(try row.decode(atIndex: 1)), name: try row.decode(atIndex: 2),
      symbols: try StoredJSON.decode([Symbol].self, row.decode(atIndex: 3), column: "symbols"),
      createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 4)),
      updatedAt: StoredValue.date(microseconds: try row.decode(atIndex: 5)))
  }
}
