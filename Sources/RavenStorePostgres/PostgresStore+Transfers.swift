import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func transfer(
    _ amount: Money, accountID: AccountID, idempotencyKey: String?, cashFloor: Money?,
    at time: Date
  ) async throws(StoreError) -> TransferReceipt {
    try await transaction { connection in
      // Locked first: two transfers with one key, or a withdrawal beside an order, wait
      // for each other.
      let account = try await self.lockAccount(connection, accountID: accountID)
      guard account.kind == .paper else { throw StoreError.notFound }
      if let key = idempotencyKey,
        let first = try await connection.rows(
          """
          SELECT \(unescaped: Self.transferColumns) FROM transfers AS t
          WHERE t.account_id = \(accountID.rawValue) AND t.idempotency_key = \(key)
          """, self.logger
        ).first
      {
        return TransferReceipt(
          transfer: try Self.transfer(first), cash: account.cash, isReplay: true)
      }
      guard !account.closed else { throw StoreError.accountClosed }
      let held = try await self.openHolds(connection, accountID: accountID).heldCash
      let after = try StoreError.transferRule { () throws(TransferError) in
        try TransferStep.cash(after: amount, cash: account.cash, held: held, floor: cashFloor)
      }
      let cash = try StoredValue.text(after, "cash")
      try await connection.perform(
        "UPDATE accounts SET cash = \(cash)::numeric WHERE id = \(accountID.rawValue)",
        self.logger)
      let text = try StoredValue.text(amount, "amount")
      guard
        let row = try await connection.rows(
          """
          INSERT INTO transfers (account_id, period, amount, idempotency_key, created_at)
          SELECT id, period, \(text)::numeric, \(idempotencyKey), \(PostgresTimestamp(time))
          FROM accounts WHERE id = \(accountID.rawValue)
          RETURNING id
          """, self.logger
        ).first
      else { throw StoreError.notFound }
      let transfer = Transfer(
        id: try row.decode(Int64.self), accountID: accountID, amount: amount,
        time: StoredValue.normalized(time))
      return TransferReceipt(transfer: transfer, cash: after, isReplay: false)
    }
  }

  public func transfers(accountID: AccountID) async throws(StoreError) -> [Transfer] {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT \(unescaped: Self.transferColumns) FROM transfers AS t
        JOIN accounts AS a ON a.id = t.account_id AND a.period = t.period
        WHERE t.account_id = \(accountID.rawValue) ORDER BY t.id
        """, self.logger
      ).map(Self.transfer)
    }
  }

  static let transferColumns = "t.id, t.account_id, t.amount::text, t.created_at"

  static func transfer(_ row: PostgresRow) throws -> Transfer {
    let (id, account, amount, time) = try row.decode(
      (Int64, Int64, String, PostgresTimestamp).self)
    return Transfer(
      id: id, accountID: AccountID(account), amount: try StoredValue.money(amount, "amount"),
      time: time.date)
  }
}
