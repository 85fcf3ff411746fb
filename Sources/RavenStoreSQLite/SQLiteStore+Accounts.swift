import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func accounts(userID: UserID) async throws(StoreError) -> [AccountRecord] {
    try await read { db in try Self.accountRecords(db, userID: userID) }
  }

  public func createAccount(
    userID: UserID, name: String, startingCash: Money, limit: Int, at time: Date
  ) async throws(StoreError) -> AccountRecord {
    try await write { db in
      let open = try Self.accountRecords(db, userID: userID).filter(\.isOpen)
      if open.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        throw StoreError.accountNameTaken
      }
      if open.count(where: { $0.kind == .paper }) >= limit { throw StoreError.tooManyAccounts }
      return try Self.insertAccount(
        db, userID: userID, name: name, kind: .paper, startingCash: startingCash, at: time)
    }
  }

  public func renameAccount(id: AccountID, userID: UserID, to name: String)
    async throws(StoreError) -> AccountRecord
  {
    try await write { db in
      let open = try Self.accountRecords(db, userID: userID).filter(\.isOpen)
      guard var account = open.first(where: { $0.id == id }) else { throw StoreError.notFound }
      if open.contains(where: { $0.id != id && $0.name.lowercased() == name.lowercased() }) {
        throw StoreError.accountNameTaken
      }
      try db.run(
        sql: "UPDATE accounts SET name = ? WHERE id = ?", arguments: [name, id.rawValue])
      account.name = name
      return account
    }
  }

  public func setAccountSettings(id: AccountID, userID: UserID, to settings: AccountSettings)
    async throws(StoreError) -> AccountRecord
  {
    try await write { db in
      let open = try Self.accountRecords(db, userID: userID).filter(\.isOpen)
      guard var account = open.first(where: { $0.id == id && $0.kind == .paper }) else {
        throw StoreError.notFound
      }
      try db.run(
        sql: "UPDATE accounts SET settings = ? WHERE id = ?",
        arguments: [settings.storedText, id.rawValue])
      account.settings = settings
      return account
    }
  }

  public func closeAccount(id: AccountID, userID: UserID, at time: Date)
    async throws(StoreError) -> (account: AccountRecord, revokedKeys: [UUID])
  {
    try await write { db in
      let open = try Self.accountRecords(db, userID: userID).filter(\.isOpen)
      guard let account = open.first(where: { $0.id == id && $0.kind == .paper }) else {
        throw StoreError.notFound
      }
      guard open.count > 1 else { throw StoreError.lastAccount }
      if try db.fetchRow(
        sql: """
          SELECT 1 FROM orders INDEXED BY orders_open WHERE account_id = ? AND is_open = 1 LIMIT 1
          """,
        arguments: [id.rawValue]) != nil
      {
        throw StoreError.openOrders
      }
      return try Self.close(db, account, at: time)
    }
  }

  public func resetAccount(
    id: AccountID, userID: UserID, startingCash: Money, reason: String, at time: Date
  ) async throws(StoreError) -> (account: AccountRecord, canceled: [StoredOrder]) {
    let cash = try StoredValue.text(startingCash, "cash")
    let startedAt = StoredValue.normalized(time)
    return try await write { db in
      guard
        var account = try Self.accountRecords(db, userID: userID).first(where: {
          $0.id == id && $0.kind == .paper
        })
      else { throw StoreError.notFound }
      guard account.isOpen else { throw StoreError.accountClosed }
      let open = try db.fetchTexts(
        sql: """
          SELECT id FROM orders INDEXED BY orders_open
          WHERE account_id = ? AND is_open = 1 ORDER BY seq
          """,
        arguments: [id.rawValue]
      ).compactMap(UUID.init(uuidString:))
      var canceled: [StoredOrder] = []
      for order in open {
        // Canceling an order of a bracket may have canceled the rest of it already.
        guard try Self.order(db, id: order, accountID: id)?.order.status.isOpen == true else {
          continue
        }
        canceled += try Self.change(
          db,
          OrderChange(
            orderID: order, accountID: id, version: nil, update: .end(.canceled, reason: reason),
            time: startedAt))
      }
      try db.run(sql: "DELETE FROM positions WHERE account_id = ?", arguments: [id.rawValue])
      try db.run(
        sql: """
          UPDATE accounts SET cash = ?, starting_cash = ?, realized_profit = ?,
            period = period + 1, period_started_at = ?
          WHERE id = ?
          """,
        arguments: [
          cash, cash, Money.zero.description, StoredValue.microseconds(startedAt), id.rawValue,
        ])
      account.startingCash = startingCash
      account.period += 1
      account.periodStartedAt = startedAt
      return (account, canceled)
    }
  }

  /// Marks `account` closed and deletes its keys; returns it closed and the keys' ids.
  static func close(_ db: Database, _ account: AccountRecord, at time: Date) throws
    -> (account: AccountRecord, revokedKeys: [UUID])
  {
    let closedAt = StoredValue.normalized(time)
    try db.run(
      sql: "UPDATE accounts SET closed_at = ? WHERE id = ?",
      arguments: [StoredValue.microseconds(closedAt), account.id.rawValue])
    let keys = try db.fetchTexts(
      sql: "SELECT id FROM api_keys WHERE account_id = ?", arguments: [account.id.rawValue]
    ).compactMap(UUID.init(uuidString:))
    try db.run(sql: "DELETE FROM api_keys WHERE account_id = ?", arguments: [account.id.rawValue])
    var closed = account
    closed.closedAt = closedAt
    return (closed, keys)
  }

  static func insertAccount(
    _ db: Database, userID: UserID, name: String, kind: AccountKind, startingCash: Money,
    at time: Date
  ) throws -> AccountRecord {
    let createdAt = StoredValue.normalized(time)
    let cash = try StoredValue.text(startingCash, "cash")
    try db.run(
      sql: """
        INSERT INTO accounts (user_id, name, kind, cash, starting_cash, realized_profit,
          created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        userID.rawValue, name, kind.rawValue, cash, cash, Money.zero.description,
        StoredValue.microseconds(createdAt),
      ])
    return AccountRecord(
      id: AccountID(db.lastInsertedRowID), userID: userID, name: name, kind: kind,
      startingCash: startingCash, createdAt: createdAt)
  }

  static func accountRecords(_ db: Database, userID: UserID) throws -> [AccountRecord] {
    try db.fetchRows(
      sql: """
        SELECT id, name, kind, starting_cash, created_at, closed_at, period, period_started_at,
          settings
        FROM accounts WHERE user_id = ? ORDER BY id
        """,
      arguments: [userID.rawValue]
    ).map { row in
      AccountRecord(
        id: AccountID(try row.decode(atIndex: 0)), userID: userID,
        name: try row.decode(atIndex: 1), kind: try AccountNames.kind(row.decode(atIndex: 2)),
        startingCash: try StoredValue.money(row.decode(atIndex: 3), "starting_cash"),
        createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 4)),
        closedAt: (try row.decode(atIndex: 5) as Int64?).map(StoredValue.date(microseconds:)),
        period: try row.decode(atIndex: 6),
        periodStartedAt: (try row.decode(atIndex: 7) as Int64?).map(
          StoredValue.date(microseconds:)),
        settings: try AccountNames.settings(row.decode(atIndex: 8)))
    }
  }
}
