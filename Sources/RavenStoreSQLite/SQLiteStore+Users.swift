import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func createUser(
    username: String, passwordHash: String, startingCash: Money, at time: Date
  ) async throws(StoreError) -> User {
    let username = username.lowercased()
    let createdAt = StoredValue.normalized(time)
    return try await write { db in
      // Writes are serialized, so checking first cannot race another sign-up.
      if try db.fetchRow(sql: "SELECT 1 FROM users WHERE username = ?", arguments: [username])
        != nil
      {
        throw StoreError.usernameTaken
      }
      try db.run(
        sql: "INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)",
        arguments: [username, passwordHash, StoredValue.microseconds(createdAt)])
      let id = UserID(db.lastInsertedRowID)
      _ = try Self.insertAccount(
        db, userID: id, name: AccountRules.firstAccountName, kind: .paper,
        startingCash: startingCash, at: createdAt)
      return User(id: id, username: username, createdAt: createdAt)
    }
  }

  public func credentials(username: String) async throws(StoreError) -> UserCredentials? {
    let username = username.lowercased()
    return try await read { db in
      try db.fetchRow(
        sql: "SELECT id, username, created_at, password_hash FROM users WHERE username = ?",
        arguments: [username]
      ).map { row in
        UserCredentials(user: try Self.user(row), passwordHash: try row.decode(atIndex: 3))
      }
    }
  }

  public func user(id: UserID) async throws(StoreError) -> User? {
    try await read { db in
      try db.fetchRow(
        sql: "SELECT id, username, created_at FROM users WHERE id = ?",
        arguments: [id.rawValue]
      ).map(Self.user)
    }
  }

  private static func user(_ row: Row) throws -> User {
    User(
      id: UserID(try row.decode(atIndex: 0)), username: try row.decode(atIndex: 1),
      createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 2)))
  }

  // MARK: Browser sessions

  /// Also removes the user's expired sessions, so the table does not grow without end.
  public func createSession(_ session: BrowserSession) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM sessions WHERE user_id = ? AND expires_at < ?",
        arguments: [session.userID.rawValue, StoredValue.microseconds(session.createdAt)])
      try db.run(
        sql: """
          INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [
          session.tokenHash, session.userID.rawValue, session.csrfToken,
          StoredValue.microseconds(session.createdAt), StoredValue.microseconds(session.expiresAt),
        ])
    }
  }

  public func session(tokenHash: String, at time: Date) async throws(StoreError)
    -> BrowserSession?
  {
    try await read { db in
      try db.fetchRow(
        sql: """
          SELECT token_hash, user_id, csrf_token, created_at, expires_at FROM sessions
          WHERE token_hash = ? AND expires_at >= ?
          """,
        arguments: [tokenHash, StoredValue.microseconds(time)]
      ).map { row in
        BrowserSession(
          tokenHash: try row.decode(atIndex: 0), userID: UserID(try row.decode(atIndex: 1)),
          csrfToken: try row.decode(atIndex: 2),
          createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 3)),
          expiresAt: StoredValue.date(microseconds: try row.decode(atIndex: 4)))
      }
    }
  }

  public func deleteSession(tokenHash: String) async throws(StoreError) {
    try await write { db in
      try db.run(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
    }
  }

  public func deleteSessions(userID: UserID, keeping tokenHash: String?) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?",
        arguments: [userID.rawValue, tokenHash])
    }
  }

  public func setPasswordHash(_ passwordHash: String, userID: UserID) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "UPDATE users SET password_hash = ? WHERE id = ?",
        arguments: [passwordHash, userID.rawValue])
    }
  }

  // MARK: API tokens

  public func createAPIToken(userID: UserID, name: String, tokenHash: String, at time: Date)
    async throws(StoreError) -> APIToken
  {
    let createdAt = StoredValue.normalized(time)
    return try await write { db in
      try db.run(
        sql: "INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)",
        arguments: [userID.rawValue, name, tokenHash, StoredValue.microseconds(createdAt)])
      return APIToken(
        id: APITokenID(db.lastInsertedRowID), userID: userID, name: name, createdAt: createdAt)
    }
  }

  public func apiToken(tokenHash: String) async throws(StoreError) -> APIToken? {
    try await read { db in
      try db.fetchRow(
        sql: "SELECT id, user_id, name, created_at FROM api_tokens WHERE token_hash = ?",
        arguments: [tokenHash]
      ).map(Self.apiToken)
    }
  }

  public func apiTokenOwner(tokenHash: String) async throws(StoreError) -> (APIToken, User)? {
    try await read { db in
      try db.fetchRow(
        sql: """
          SELECT t.id, t.user_id, t.name, t.created_at, u.username, u.created_at
          FROM api_tokens AS t JOIN users AS u ON u.id = t.user_id WHERE t.token_hash = ?
          """,
        arguments: [tokenHash]
      ).map { row in
        let token = try Self.apiToken(row)
        let user = User(
          id: token.userID, username: try row.decode(atIndex: 4),
          createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 5)))
        return (token, user)
      }
    }
  }

  public func apiTokens(userID: UserID) async throws(StoreError) -> [APIToken] {
    try await read { db in
      try db.fetchRows(
        sql: "SELECT id, user_id, name, created_at FROM api_tokens WHERE user_id = ? ORDER BY id",
        arguments: [userID.rawValue]
      ).map(Self.apiToken)
    }
  }

  public func deleteAPIToken(id: APITokenID, userID: UserID) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM api_tokens WHERE id = ? AND user_id = ?",
        arguments: [id.rawValue, userID.rawValue])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  public func deleteAPITokens(userID: UserID) async throws(StoreError) {
    try await write { db in
      try db.run(sql: "DELETE FROM api_tokens WHERE user_id = ?", arguments: [userID.rawValue])
    }
  }

  private static func apiToken(_ row: Row) throws -> APIToken {
    APIToken(
      id: APITokenID(try row.decode(atIndex: 0)), userID: UserID(try row.decode(atIndex: 1)),
      name: try row.decode(atIndex: 2),
      createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 3)))
  }
}
