import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func createUser(
    username: String, passwordHash: String, startingCash: Money, at time: Date
  ) async throws(StoreError) -> User {
    let username = username.lowercased()
    let createdAt = PostgresTimestamp(time)
    // Two sign-ups with one name race on the unique constraint, not on a prior check:
    // the loser's insert fails with 23505, which `storeError` turns into `usernameTaken`.
    return try await transaction { connection in
      let rows = try await connection.rows(
        """
        INSERT INTO users (username, password_hash, created_at)
        VALUES (\(username), \(passwordHash), \(createdAt)) RETURNING id
        """, self.logger)
      guard let id = try rows.first?.decode(Int64.self) else {
        throw StoreError.unavailable("the user was not recorded")
      }
      _ = try await self.insertAccount(
        connection, userID: UserID(id), name: AccountRules.firstAccountName, kind: .paper,
        startingCash: startingCash, at: time)
      return User(id: UserID(id), username: username, createdAt: createdAt.date)
    }
  }

  public func credentials(username: String) async throws(StoreError) -> UserCredentials? {
    let username = username.lowercased()
    return try await connection { connection in
      try await connection.rows(
        """
        SELECT id, username, created_at, password_hash FROM users WHERE username = \(username)
        """, self.logger
      ).first.map { row in
        let (id, name, createdAt, hash) = try row.decode(
          (Int64, String, PostgresTimestamp, String).self)
        return UserCredentials(
          user: User(id: UserID(id), username: name, createdAt: createdAt.date),
          passwordHash: hash)
      }
    }
  }

  public func user(id: UserID) async throws(StoreError) -> User? {
    try await connection { connection in
      try await connection.rows(
        "SELECT id, username, created_at FROM users WHERE id = \(id.rawValue)", self.logger
      ).first.map { row in
        let (id, name, createdAt) = try row.decode((Int64, String, PostgresTimestamp).self)
        return User(id: UserID(id), username: name, createdAt: createdAt.date)
      }
    }
  }

  // MARK: Browser sessions

  /// Also removes the user's expired sessions, so the table does not grow without end.
  public func createSession(_ session: BrowserSession) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        """
        DELETE FROM sessions
        WHERE user_id = \(session.userID.rawValue) AND expires_at < \(PostgresTimestamp(session.createdAt))
        """, self.logger)
      try await connection.perform(
        """
        INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at)
        VALUES (\(session.tokenHash), \(session.userID.rawValue), \(session.csrfToken),
          \(PostgresTimestamp(session.createdAt)), \(PostgresTimestamp(session.expiresAt)))
        """, self.logger)
    }
  }

  public func session(tokenHash: String, at time: Date) async throws(StoreError)
    -> BrowserSession?
  {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT token_hash, user_id, csrf_token, created_at, expires_at FROM sessions
        WHERE token_hash = \(tokenHash) AND expires_at >= \(PostgresTimestamp(time))
        """, self.logger
      ).first.map { row in
        let (hash, userID, csrf, createdAt, expiresAt) = try row.decode(
          (String, Int64, String, PostgresTimestamp, PostgresTimestamp).self)
        return BrowserSession(
          tokenHash: hash, userID: UserID(userID), csrfToken: csrf, createdAt: createdAt.date,
          expiresAt: expiresAt.date)
      }
    }
  }

  public func deleteSession(tokenHash: String) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        "DELETE FROM sessions WHERE token_hash = \(tokenHash)", self.logger)
    }
  }

  public func deleteSessions(userID: UserID, keeping tokenHash: String?) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        """
        DELETE FROM sessions
        WHERE user_id = \(userID.rawValue) AND token_hash IS DISTINCT FROM \(tokenHash)
        """, self.logger)
    }
  }

  public func setPasswordHash(_ passwordHash: String, userID: UserID) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        "UPDATE users SET password_hash = \(passwordHash) WHERE id = \(userID.rawValue)",
        self.logger)
    }
  }

  // MARK: API tokens

  public func createAPIToken(userID: UserID, name: String, tokenHash: String, at time: Date)
    async throws(StoreError) -> APIToken
  {
    let createdAt = PostgresTimestamp(time)
    return try await connection { connection in
      let rows = try await connection.rows(
        """
        INSERT INTO api_tokens (user_id, name, token_hash, created_at)
        VALUES (\(userID.rawValue), \(name), \(tokenHash), \(createdAt)) RETURNING id
        """, self.logger)
      guard let id = try rows.first?.decode(Int64.self) else {
        throw StoreError.unavailable("the token was not recorded")
      }
      return APIToken(id: APITokenID(id), userID: userID, name: name, createdAt: createdAt.date)
    }
  }

  public func apiToken(tokenHash: String) async throws(StoreError) -> APIToken? {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT id, user_id, name, created_at FROM api_tokens WHERE token_hash = \(tokenHash)
        """, self.logger
      ).first.map(Self.apiToken)
    }
  }

  public func apiTokens(userID: UserID) async throws(StoreError) -> [APIToken] {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT id, user_id, name, created_at FROM api_tokens WHERE user_id = \(userID.rawValue)
        ORDER BY id
        """, self.logger
      ).map(Self.apiToken)
    }
  }

  public func deleteAPIToken(id: APITokenID, userID: UserID) async throws(StoreError) {
    let deleted = try await connection { connection in
      try await connection.rows(
        """
        DELETE FROM api_tokens WHERE id = \(id.rawValue) AND user_id = \(userID.rawValue)
        RETURNING id
        """, self.logger
      ).count
    }
    guard deleted > 0 else { throw .notFound }
  }

  public func deleteAPITokens(userID: UserID) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        "DELETE FROM api_tokens WHERE user_id = \(userID.rawValue)", self.logger)
    }
  }

  private static func apiToken(_ row: PostgresRow) throws -> APIToken {
    let (id, userID, name, createdAt) = try row.decode(
      (Int64, Int64, String, PostgresTimestamp).self)
    return APIToken(
      id: APITokenID(id), userID: UserID(userID), name: name, createdAt: createdAt.date)
  }
}
