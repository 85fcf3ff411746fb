import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func transfer(
    _ amount: Money, accountID: AccountID, idempotencyKey: String?, cashFloor: Money?,
    at time: Date
  ) async throws(StoreError) -> TransferReceipt {
    try await write { db in
      guard
        let account = try db.fetchRow(
          sql: "SELECT cash, period, closed_at FROM accounts WHERE id = ? AND kind = 'paper'",
          arguments: [accountID.rawValue])
      else { throw StoreError.notFound }
      let cash = try StoredValue.money(account.decode(atIndex: 0), "cash")
      if let key = idempotencyKey,
        let first = try db.fetchRow(
          sql: """
            SELECT \(Self.transferColumns) FROM transfers AS t
            WHERE t.account_id = ? AND t.idempotency_key = ?
            """,
          arguments: [accountID.rawValue, key])
      {
        return TransferReceipt(transfer: try Self.transfer(first), cash: cash, isReplay: true)
      }
      guard (try account.decode(atIndex: 2) as Int64?) == nil else {
        throw StoreError.accountClosed
      }
      let held = try Self.openHolds(db, accountID: accountID).heldCash
      let after = try StoreError.transferRule { () throws(TransferError) in
        try TransferStep.cash(after: amount, cash: cash, held: held, floor: cashFloor)
      }
      try db.run(
        sql: "UPDATE accounts SET cash = ? WHERE id = ?",
        arguments: [StoredValue.text(after, "cash"), accountID.rawValue])
      try db.run(
        sql: """
          INSERT INTO transfers (account_id, period, amount, idempotency_key, created_at)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [
          accountID.rawValue, try account.decode(Int64.self, atIndex: 1),
          StoredValue.text(amount, "amount"), idempotencyKey, StoredValue.microseconds(time),
        ])
      let transfer = Transfer(
        id: db.lastInsertedRowID, accountID: accountID, amount: amount,
        time: StoredValue.normalized(time))
      return TransferReceipt(transfer: transfer, cash: after, isReplay: false)
    }
  }

  public func transfers(accountID: AccountID) async throws(StoreError) -> [Transfer] {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.transferColumns) FROM transfers AS t
          JOIN accounts AS a ON a.id = t.account_id AND a.period = t.period
          WHERE t.account_id = ? ORDER BY t.id
          """,
        arguments: [accountID.rawValue]
      ).map(Self.transfer)
    }
  }

  static let transferColumns = "t.id, t.account_id, t.amount, t.created_at"

  static func transfer(_ row: Row) throws -> Transfer {
    Transfer(
      id: try row.decode(atIndex: 0), accountID: AccountID(try row.decode(Int64.self, atIndex: 1)),
      amount: try StoredValue.money(row.decode(atIndex: 2), "amount"),
      time: StoredValue.date(microseconds: try row.decode(atIndex: 3)))
  }
}
