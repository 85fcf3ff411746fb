import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError) {
    try await write { db in
      guard
        try db.fetchRow(
          sql: "SELECT 1 FROM accounts WHERE id = ? AND user_id = ? AND closed_at IS NULL",
          arguments: [key.accountID.rawValue, key.userID.rawValue]) != nil
      else { throw StoreError.notFound }
      try db.run(
        sql: """
          INSERT INTO api_keys (id, user_id, account_id, name, key_id, secret_hash, read_only,
            created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          key.id.uuidString, key.userID.rawValue, key.accountID.rawValue, key.name, key.keyID,
          secretHash, key.readOnly, StoredValue.microseconds(key.createdAt),
        ])
    }
  }

  public func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey] {
    try await read { db in
      try db.fetchRows(
        sql:
          "SELECT \(Self.apiKeyColumns) FROM api_keys AS k WHERE k.user_id = ? ORDER BY k.created_at, k.id",
        arguments: [userID.rawValue]
      ).map(Self.apiKey)
    }
  }

  public func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM api_keys WHERE id = ? AND user_id = ?",
        arguments: [id.uuidString, userID.rawValue])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  public func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
  {
    try await read { db in
      try db.fetchRow(
        sql: """
          SELECT \(Self.apiKeyColumns), k.secret_hash, u.username, u.created_at
          FROM api_keys AS k JOIN users AS u ON u.id = k.user_id WHERE k.key_id = ?
          """,
        arguments: [keyID]
      ).map { row in
        let key = try Self.apiKey(row)
        let user = User(
          id: key.userID, username: try row.decode(atIndex: 8),
          createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 9)))
        return (key, try row.decode(atIndex: 7), user)
      }
    }
  }

  /// The key's columns, from `api_keys AS k`.
  private static let apiKeyColumns =
    "k.id, k.user_id, k.name, k.key_id, k.read_only, k.created_at, k.account_id"

  private static func apiKey(_ row: Row) throws -> APIKey {
    let text: String = try row.decode(atIndex: 0)
    guard let id = UUID(uuidString: text) else { throw StoredValue.corrupt("api_keys.id", text) }
    return APIKey(
      id: id, userID: UserID(try row.decode(atIndex: 1)),
      accountID: AccountID(try row.decode(atIndex: 6)), name: try row.decode(atIndex: 2),
      keyID: try row.decode(atIndex: 3), readOnly: try row.decode(atIndex: 4),
      createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 5)))
  }
}
