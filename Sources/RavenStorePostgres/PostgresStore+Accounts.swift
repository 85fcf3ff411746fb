import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func accounts(userID: UserID) async throws(StoreError) -> [AccountRecord] {
    try await connection { connection in
      try await self.accountRecords(connection, userID: userID)
    }
  }

  public func createAccount(
    userID: UserID, name: String, startingCash: Money, limit: Int, at time: Date
  ) async throws(StoreError) -> AccountRecord {
    try await transaction { connection in
      // The user's lock: two creations at once count each other.
      try await self.lockUser(connection, userID: userID)
      let open = try await self.accountRecords(connection, userID: userID).filter(\.isOpen)
      if open.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        throw StoreError.accountNameTaken
      }
      if open.count(where: { $0.kind == .paper }) >= limit { throw StoreError.tooManyAccounts }
      return try await self.insertAccount(
        connection, userID: userID, name: name, kind: .paper, startingCash: startingCash,
        at: time)
    }
  }

  public func renameAccount(id: AccountID, userID: UserID, to name: String)
    async throws(StoreError) -> AccountRecord
  {
    try await transaction { connection in
      try await self.lockUser(connection, userID: userID)
      let open = try await self.accountRecords(connection, userID: userID).filter(\.isOpen)
      guard var account = open.first(where: { $0.id == id }) else { throw StoreError.notFound }
      if open.contains(where: { $0.id != id && $0.name.lowercased() == name.lowercased() }) {
        throw StoreError.accountNameTaken
      }
      try await connection.perform(
        "UPDATE accounts SET name = \(name) WHERE id = \(id.rawValue)", self.logger)
      account.name = name
      return account
    }
  }

  public func closeAccount(id: AccountID, userID: UserID, at time: Date)
    async throws(StoreError) -> (account: AccountRecord, revokedKeys: [UUID])
  {
    try await transaction { connection in
      try await self.lockUser(connection, userID: userID)
      let open = try await self.accountRecords(connection, userID: userID).filter(\.isOpen)
      guard let account = open.first(where: { $0.id == id && $0.kind == .paper }) else {
        throw StoreError.notFound
      }
      guard open.count > 1 else { throw StoreError.lastAccount }
      // The account's lock: an order being placed commits first, and is seen here.
      _ = try await self.lockAccount(connection, accountID: id)
      let busy = try await connection.rows(
        "SELECT 1 FROM orders WHERE account_id = \(id.rawValue) AND is_open LIMIT 1",
        self.logger)
      if !busy.isEmpty { throw StoreError.openOrders }
      return try await self.close(connection, account, at: time)
    }
  }

  /// Marks `account` closed and deletes its keys; returns it closed and the keys' ids.
  func close(_ connection: PostgresConnection, _ account: AccountRecord, at time: Date)
    async throws -> (account: AccountRecord, revokedKeys: [UUID])
  {
    let closedAt = PostgresTimestamp(time)
    try await connection.perform(
      "UPDATE accounts SET closed_at = \(closedAt) WHERE id = \(account.id.rawValue)", logger)
    let keys = try await connection.rows(
      "DELETE FROM api_keys WHERE account_id = \(account.id.rawValue) RETURNING id", logger
    ).compactMap { row in UUID(uuidString: try row.decode(String.self)) }
    var closed = account
    closed.closedAt = closedAt.date
    return (closed, keys)
  }

  func insertAccount(
    _ connection: PostgresConnection, userID: UserID, name: String, kind: AccountKind,
    startingCash: Money, at time: Date
  ) async throws -> AccountRecord {
    let cash = try StoredValue.text(startingCash, "cash")
    let createdAt = PostgresTimestamp(time)
    let rows = try await connection.rows(
      """
      INSERT INTO accounts (user_id, name, kind, cash, starting_cash, realized_profit,
        created_at)
      VALUES (\(userID.rawValue), \(name), \(kind.rawValue), \(cash)::numeric, \(cash)::numeric,
        \(Money.zero.description)::numeric, \(createdAt))
      RETURNING id
      """, logger)
    guard let id = try rows.first?.decode(Int64.self) else {
      throw StoreError.unavailable("the account was not recorded")
    }
    return AccountRecord(
      id: AccountID(id), userID: userID, name: name, kind: kind, startingCash: startingCash,
      createdAt: createdAt.date)
  }

  func accountRecords(_ connection: PostgresConnection, userID: UserID) async throws
    -> [AccountRecord]
  {
    try await connection.rows(
      """
      SELECT id, name, kind, starting_cash::text, created_at, closed_at FROM accounts
      WHERE user_id = \(userID.rawValue) ORDER BY created_at, id
      """, logger
    ).map { row in
      let (id, name, kind, startingCash, createdAt, closedAt) = try row.decode(
        (Int64, String, String, String, PostgresTimestamp, PostgresTimestamp?).self)
      return AccountRecord(
        id: AccountID(id), userID: userID, name: name, kind: try AccountNames.kind(kind),
        startingCash: try StoredValue.money(startingCash, "starting_cash"),
        createdAt: createdAt.date, closedAt: closedAt?.date)
    }
  }
}
