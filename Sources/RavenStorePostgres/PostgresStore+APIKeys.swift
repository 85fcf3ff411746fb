import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError) {
    let inserted = try await connection { connection in
      // Only for one of the user's open accounts: the insert selects from it.
      try await connection.rows(
        """
        INSERT INTO api_keys (id, user_id, account_id, name, key_id, secret_hash, read_only,
          created_at)
        SELECT \(key.id.uuidString), a.user_id, a.id, \(key.name), \(key.keyID),
          \(secretHash), \(key.readOnly), \(PostgresTimestamp(key.createdAt))
        FROM accounts AS a
        WHERE a.id = \(key.accountID.rawValue) AND a.user_id = \(key.userID.rawValue)
          AND a.closed_at IS NULL
        RETURNING id
        """, self.logger
      ).count
    }
    guard inserted > 0 else { throw .notFound }
  }

  public func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey] {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT k.id, k.user_id, k.account_id, k.name, k.key_id, k.read_only, k.created_at
        FROM api_keys AS k
        WHERE k.user_id = \(userID.rawValue) ORDER BY k.created_at, k.id
        """, self.logger
      ).map { row in
        try Self.apiKey(
          row.decode((String, Int64, Int64, String, String, Bool, PostgresTimestamp).self))
      }
    }
  }

  public func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError) {
    let deleted = try await connection { connection in
      try await connection.rows(
        """
        DELETE FROM api_keys WHERE id = \(id.uuidString) AND user_id = \(userID.rawValue)
        RETURNING id
        """, self.logger
      ).count
    }
    guard deleted > 0 else { throw .notFound }
  }

  public func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
  {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT k.id, k.user_id, k.account_id, k.name, k.key_id, k.read_only, k.created_at,
          k.secret_hash, u.username, u.created_at
        FROM api_keys AS k JOIN users AS u ON u.id = k.user_id WHERE k.key_id = \(keyID)
        """, self.logger
      ).first.map { row in
        let (
          id, userID, accountID, name, keyID, readOnly, createdAt, secretHash, username,
          userCreatedAt
        ) =
          try row.decode(
            (
              String, Int64, Int64, String, String, Bool, PostgresTimestamp, String, String,
              PostgresTimestamp
            ).self)
        let key = try Self.apiKey((id, userID, accountID, name, keyID, readOnly, createdAt))
        return (
          key, secretHash,
          User(id: key.userID, username: username, createdAt: userCreatedAt.date)
        )
      }
    }
  }

  private static func apiKey(
    _ columns: (String, Int64, Int64, String, String, Bool, PostgresTimestamp)
  ) throws -> APIKey {
    let (id, userID, accountID, name, keyID, readOnly, createdAt) = columns
    guard let uuid = UUID(uuidString: id) else { throw StoredValue.corrupt("api_keys.id", id) }
    return APIKey(
      id: uuid, userID: UserID(userID), accountID: AccountID(accountID), name: name, keyID: keyID,
      readOnly: readOnly,
      createdAt: createdAt.date)
  }
}
