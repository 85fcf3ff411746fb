import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func account(accountID: AccountID) async throws(StoreError) -> Account {
    try await read { db in
      guard
        let row = try db.fetchRow(
          sql: """
            SELECT cash, starting_cash, realized_profit, period_started_at, settings
            FROM accounts WHERE id = ?
            """,
          arguments: [accountID.rawValue])
      else { throw StoreError.notFound }
      return Account(
        accountID: accountID,
        cash: try StoredValue.money(row.decode(atIndex: 0), "cash"),
        startingCash: try StoredValue.money(row.decode(atIndex: 1), "starting_cash"),
        realizedProfit: try StoredValue.money(row.decode(atIndex: 2), "realized_profit"),
        positions: try Self.positions(db, accountID: accountID),
        holds: try Self.openHolds(db, accountID: accountID),
        periodStartedAt: (try row.decode(atIndex: 3) as Int64?).map(
          StoredValue.date(microseconds:)),
        settings: try AccountNames.settings(row.decode(atIndex: 4)))
    }
  }

  static func positions(_ db: Database, accountID: AccountID) throws -> [Position] {
    try db.fetchRows(
      sql: """
        SELECT symbol, shares, total_cost FROM positions WHERE account_id = ?
        ORDER BY sort_order, symbol
        """,
      arguments: [accountID.rawValue]
    ).map { row in
      Position(
        symbol: try StoredValue.symbol(row.decode(atIndex: 0), "symbol"),
        shares: try StoredValue.quantity(row.decode(atIndex: 1), "shares"),
        totalCost: try StoredValue.money(row.decode(atIndex: 2), "total_cost"))
    }
  }

  /// Writes the account and the position after `step`.
  static func write(_ step: TradeStep, held: Bool, _ db: Database, accountID: AccountID)
    throws
  {
    try db.run(
      sql: "UPDATE accounts SET cash = ?, realized_profit = ? WHERE id = ?",
      arguments: [
        StoredValue.text(step.cash, "cash"),
        StoredValue.text(step.realizedProfit, "realized_profit"), accountID.rawValue,
      ])
    let symbol = step.trade.symbol.rawValue
    switch (step.position, held) {
    case (let position?, true):
      try db.run(
        sql: "UPDATE positions SET shares = ?, total_cost = ? WHERE account_id = ? AND symbol = ?",
        arguments: [
          StoredValue.text(position.shares, "shares"),
          StoredValue.text(position.totalCost, "total_cost"), accountID.rawValue, symbol,
        ])
    case (let position?, false):
      try db.run(
        sql: """
          INSERT INTO positions (account_id, symbol, shares, total_cost, sort_order)
          VALUES (?, ?, ?, ?,
            (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM positions WHERE account_id = ?))
          """,
        arguments: [
          accountID.rawValue, symbol, StoredValue.text(position.shares, "shares"),
          StoredValue.text(position.totalCost, "total_cost"),
          accountID.rawValue,
        ])
    case (nil, _):
      try db.run(
        sql: "DELETE FROM positions WHERE account_id = ? AND symbol = ?",
        arguments: [accountID.rawValue, symbol])
    }
  }

  /// The trade an earlier request with this key made, as a replay.
  public func trades(accountID: AccountID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]
  {
    // SQLite reads a negative LIMIT as "no limit".
    guard limit > 0 else { return [] }
    return try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.tradeColumns) FROM trades WHERE account_id = ? AND id < ?
          ORDER BY id DESC LIMIT ?
          """,
        arguments: [accountID.rawValue, before?.rawValue ?? .max, limit]
      ).map(Self.tradeRecord)
    }
  }

  public func trades(orderID: UUID, accountID: AccountID) async throws(StoreError) -> [TradeReceipt]
  {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.tradeColumns), cash_after FROM trades WHERE account_id = ? AND order_id = ?
          ORDER BY id
          """,
        arguments: [accountID.rawValue, orderID.uuidString]
      ).map { row in
        TradeReceipt(
          record: try Self.tradeRecord(row),
          cash: try StoredValue.money(row.decode(atIndex: 8), "cash_after"), isReplay: false)
      }
    }
  }

  public func tradeHistory(accountID: AccountID) async throws(StoreError) -> [TradeRecord] {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.tradeColumns) FROM trades
          WHERE account_id = ? AND period = (SELECT period FROM accounts WHERE id = ?)
          ORDER BY id
          """,
        arguments: [accountID.rawValue, accountID.rawValue]
      ).map(Self.tradeRecord)
    }
  }

  private static let tradeColumns =
    "id, symbol, side, shares, price, amount, realized_profit, executed_at"

  private static func tradeRecord(_ row: Row) throws -> TradeRecord {
    TradeRecord(
      id: TradeID(try row.decode(atIndex: 0)),
      trade: Trade(
        symbol: try StoredValue.symbol(row.decode(atIndex: 1), "symbol"),
        side: try StoredValue.side(row.decode(atIndex: 2)),
        shares: try StoredValue.quantity(row.decode(atIndex: 3), "shares"),
        price: try StoredValue.price(row.decode(atIndex: 4), "price"),
        amount: try StoredValue.money(row.decode(atIndex: 5), "amount"),
        realizedProfit: try StoredValue.money(row.decode(atIndex: 6), "realized_profit"),
        time: StoredValue.date(microseconds: try row.decode(atIndex: 7))))
  }

  public func setPositionOrder(accountID: AccountID, symbols: [Symbol]) async throws(StoreError) {
    try await write { db in
      try Self.reorder(
        db, table: "positions", owner: ("account_id", accountID.rawValue), first: symbols)
    }
  }

  /// Rewrites `sort_order` of one owner's rows in `table` (an account's positions, a
  /// user's watchlist) as 0, 1, 2, … in the arranged order.
  static func reorder(
    _ db: Database, table: String, owner: (column: String, id: Int64), first symbols: [Symbol]
  ) throws {
    let current = try db.fetchTexts(
      sql: "SELECT symbol FROM \(table) WHERE \(owner.column) = ? ORDER BY sort_order, symbol",
      arguments: [owner.id]
    ).map { text throws(StoreError) in try StoredValue.symbol(text, "symbol") }
    for (index, symbol) in Arrangement.arrange(current, first: symbols).enumerated() {
      try db.run(
        sql: "UPDATE \(table) SET sort_order = ? WHERE \(owner.column) = ? AND symbol = ?",
        arguments: [index, owner.id, symbol.rawValue])
    }
  }
}
