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

  public func setAccountSettings(id: AccountID, userID: UserID, to settings: AccountSettings)
    async throws(StoreError) -> AccountRecord
  {
    try await transaction { connection in
      try await self.lockUser(connection, userID: userID)
      let open = try await self.accountRecords(connection, userID: userID).filter(\.isOpen)
      guard var account = open.first(where: { $0.id == id && $0.kind == .paper }) else {
        throw StoreError.notFound
      }
      try await connection.perform(
        "UPDATE accounts SET settings = \(settings.storedText) WHERE id = \(id.rawValue)",
        self.logger)
      account.settings = settings
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

  public func resetAccount(
    id: AccountID, userID: UserID, startingCash: Money, reason: String, at time: Date
  ) async throws(StoreError) -> (account: AccountRecord, canceled: [StoredOrder]) {
    let cash = try StoredValue.text(startingCash, "cash")
    let startedAt = PostgresTimestamp(time)
    return try await transaction { connection in
      guard
        var account = try await self.accountRecords(connection, userID: userID).first(where: {
          $0.id == id && $0.kind == .paper
        })
      else { throw StoreError.notFound }
      // The account's lock: an order being placed or filled commits first, and is seen.
      let locked = try await self.lockAccount(connection, accountID: id)
      if locked.closed { throw StoreError.accountClosed }
      let open = try await connection.rows(
        "SELECT id FROM orders WHERE account_id = \(id.rawValue) AND is_open ORDER BY seq",
        self.logger
      ).compactMap { row in UUID(uuidString: try row.decode(String.self)) }
      var canceled: [StoredOrder] = []
      for order in open {
        // Canceling an order of a bracket may have canceled the rest of it already.
        guard
          try await self.order(connection, id: order, accountID: id, lock: false)?.order.status
            .isOpen == true
        else { continue }
        canceled += try await self.change(
          connection,
          OrderChange(
            orderID: order, accountID: id, version: nil, update: .end(.canceled, reason: reason),
            time: startedAt.date))
      }
      try await connection.perform(
        "DELETE FROM positions WHERE account_id = \(id.rawValue)", self.logger)
      try await connection.perform(
        """
        UPDATE accounts SET cash = \(cash)::numeric, starting_cash = \(cash)::numeric,
          realized_profit = 0, period = period + 1, period_started_at = \(startedAt)
        WHERE id = \(id.rawValue)
        """, self.logger)
      account.startingCash = startingCash
      account.period += 1
      account.periodStartedAt = startedAt.date
      return (account, canceled)
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
      SELECT id, name, kind, starting_cash::text, created_at, closed_at, period,
        period_started_at, settings
      FROM accounts WHERE user_id = \(userID.rawValue) ORDER BY id
      """, logger
    ).map { row in
      let (id, name, kind, startingCash, createdAt, closedAt, period, periodStartedAt, settings) =
        try row.decode(
          (
            Int64, String, String, String, PostgresTimestamp, PostgresTimestamp?, Int,
            PostgresTimestamp?, String
          ).self)
      return AccountRecord(
        id: AccountID(id), userID: userID, name: name, kind: try AccountNames.kind(kind),
        startingCash: try StoredValue.money(startingCash, "starting_cash"),
        createdAt: createdAt.date, closedAt: closedAt?.date, period: period,
        periodStartedAt: periodStartedAt?.date, settings: try AccountNames.settings(settings))
    }
  }
}
