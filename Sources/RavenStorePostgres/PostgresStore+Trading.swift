import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  func positions(_ connection: PostgresConnection, accountID: AccountID) async throws
    -> [Position]
  {
    try await connection.rows(
      """
      SELECT symbol, shares::text, total_cost::text FROM positions
      WHERE account_id = \(accountID.rawValue) ORDER BY sort_order, symbol
      """, logger
    ).map { row in
      let (symbol, shares, totalCost) = try row.decode((String, String, String).self)
      return Position(
        symbol: try StoredValue.symbol(symbol, "symbol"),
        shares: try StoredValue.quantity(shares, "shares"),
        totalCost: try StoredValue.money(totalCost, "total_cost"))
    }
  }

  /// Locks the account's row until the transaction ends (so that trades, goal changes
  /// and reorderings of one account run one at a time) and reads its amounts, owner,
  /// kind and whether it is closed.
  func lockAccount(_ connection: PostgresConnection, accountID: AccountID) async throws
    -> LockedAccount
  {
    guard
      let row = try await connection.rows(
        LockAccountStatement(account: accountID.rawValue), logger
      ).first
    else { throw StoreError.notFound }
    let (cash, realizedProfit, owner, kind, closed, settings) = try row.decode(
      (String, String, Int64, String, Bool, String).self)
    return try LockedAccount(
      cash: cash, realizedProfit: realizedProfit, owner: owner, kind: kind, closed: closed,
      settings: settings)
  }

  /// Writes the account and the position after `step`.
  func write(
    _ step: TradeStep, held: Bool, _ connection: PostgresConnection, accountID: AccountID
  ) async throws {
    let account = accountID.rawValue
    let symbol = step.trade.symbol.rawValue
    let cash = try StoredValue.text(step.cash, "cash")
    let realized = try StoredValue.text(step.realizedProfit, "realized_profit")
    try await connection.perform(
      """
      UPDATE accounts SET cash = \(cash)::numeric, realized_profit = \(realized)::numeric
      WHERE id = \(account)
      """, logger)
    let shares = try step.position.map { try StoredValue.text($0.shares, "shares") }
    let totalCost = try step.position.map { try StoredValue.text($0.totalCost, "total_cost") }
    switch (step.position, held) {
    case (.some, true):
      try await connection.perform(
        """
        UPDATE positions SET shares = \(shares)::numeric, total_cost = \(totalCost)::numeric
        WHERE account_id = \(account) AND symbol = \(symbol)
        """, logger)
    case (.some, false):
      try await connection.perform(
        """
        INSERT INTO positions (account_id, symbol, shares, total_cost, sort_order)
        SELECT \(account), \(symbol), \(shares)::numeric, \(totalCost)::numeric,
          COALESCE(MAX(sort_order) + 1, 0)
        FROM positions WHERE account_id = \(account)
        """, logger)
    case (nil, _):
      try await connection.perform(
        "DELETE FROM positions WHERE account_id = \(account) AND symbol = \(symbol)", logger)
    }
  }
}

/// An account's row as read under its lock.
struct LockedAccount {
  var cash: Money
  var realizedProfit: Money
  var owner: UserID
  var kind: AccountKind
  var closed: Bool
  var settings: AccountSettings
}
