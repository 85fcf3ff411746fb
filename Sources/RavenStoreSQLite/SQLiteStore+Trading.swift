import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func account(userID: UserID) async throws(StoreError) -> Account {
    try await read { db in
      guard
        let row = try db.fetchRow(
          sql: "SELECT cash, starting_cash, realized_profit FROM accounts WHERE user_id = ?",
          arguments: [userID.rawValue])
      else { throw StoreError.notFound }
      return Account(
        userID: userID,
        cash: try StoredValue.money(row.decode(atIndex: 0), "cash"),
        startingCash: try StoredValue.money(row.decode(atIndex: 1), "starting_cash"),
        realizedProfit: try StoredValue.money(row.decode(atIndex: 2), "realized_profit"),
        positions: try Self.positions(db, userID: userID),
        holds: try Self.openHolds(db, userID: userID))
    }
  }

  static func positions(_ db: Database, userID: UserID) throws -> [Position] {
    try db.fetchRows(
      sql: """
        SELECT symbol, shares, total_cost FROM positions WHERE user_id = ?
        ORDER BY sort_order, symbol
        """,
      arguments: [userID.rawValue]
    ).map { row in
      Position(
        symbol: try StoredValue.symbol(row.decode(atIndex: 0), "symbol"),
        shares: try StoredValue.quantity(row.decode(atIndex: 1), "shares"),
        totalCost: try StoredValue.money(row.decode(atIndex: 2), "total_cost"))
    }
  }

  /// Writes the account and the position after `step`.
  static func write(_ step: TradeStep, held: Bool, _ db: Database, userID: UserID)
    throws
  {
    try db.run(
      sql: "UPDATE accounts SET cash = ?, realized_profit = ? WHERE user_id = ?",
      arguments: [
        StoredValue.text(step.cash, "cash"),
        StoredValue.text(step.realizedProfit, "realized_profit"), userID.rawValue,
      ])
    let symbol = step.trade.symbol.rawValue
    switch (step.position, held) {
    case (let position?, true):
      try db.run(
        sql: "UPDATE positions SET shares = ?, total_cost = ? WHERE user_id = ? AND symbol = ?",
        arguments: [
          StoredValue.text(position.shares, "shares"),
          StoredValue.text(position.totalCost, "total_cost"), userID.rawValue, symbol,
        ])
    case (let position?, false):
      try db.run(
        sql: """
          INSERT INTO positions (user_id, symbol, shares, total_cost, sort_order)
          VALUES (?, ?, ?, ?,
            (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM positions WHERE user_id = ?))
          """,
        arguments: [
          userID.rawValue, symbol, StoredValue.text(position.shares, "shares"),
          StoredValue.text(position.totalCost, "total_cost"),
          userID.rawValue,
        ])
    case (nil, _):
      try db.run(
        sql: "DELETE FROM positions WHERE user_id = ? AND symbol = ?",
        arguments: [userID.rawValue, symbol])
    }
  }

  /// The trade an earlier request with this key made, as a replay.
  public func trades(userID: UserID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]
  {
    // SQLite reads a negative LIMIT as "no limit".
    guard limit > 0 else { return [] }
    return try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.tradeColumns) FROM trades WHERE user_id = ? AND id < ?
          ORDER BY id DESC LIMIT ?
          """,
        arguments: [userID.rawValue, before?.rawValue ?? .max, limit]
      ).map(Self.tradeRecord)
    }
  }

  public func trades(orderID: UUID, userID: UserID) async throws(StoreError) -> [TradeReceipt] {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.tradeColumns), cash_after FROM trades WHERE user_id = ? AND order_id = ?
          ORDER BY id
          """,
        arguments: [userID.rawValue, orderID.uuidString]
      ).map { row in
        TradeReceipt(
          record: try Self.tradeRecord(row),
          cash: try StoredValue.money(row.decode(atIndex: 8), "cash_after"), isReplay: false)
      }
    }
  }

  public func tradeHistory(userID: UserID) async throws(StoreError) -> [TradeRecord] {
    try await read { db in
      try db.fetchRows(
        sql: "SELECT \(Self.tradeColumns) FROM trades WHERE user_id = ? ORDER BY id",
        arguments: [userID.rawValue]
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

  public func setPositionOrder(userID: UserID, symbols: [Symbol]) async throws(StoreError) {
    try await write { db in
      try Self.reorder(db, table: "positions", userID: userID, first: symbols)
    }
  }

  /// Rewrites `sort_order` of a user's rows in `table` as 0, 1, 2, … in the arranged order.
  static func reorder(_ db: Database, table: String, userID: UserID, first symbols: [Symbol])
    throws
  {
    let current = try db.fetchTexts(
      sql: "SELECT symbol FROM \(table) WHERE user_id = ? ORDER BY sort_order, symbol",
      arguments: [userID.rawValue]
    ).map { text throws(StoreError) in try StoredValue.symbol(text, "symbol") }
    for (index, symbol) in Arrangement.arrange(current, first: symbols).enumerated() {
      try db.run(
        sql: "UPDATE \(table) SET sort_order = ? WHERE user_id = ? AND symbol = ?",
        arguments: [index, userID.rawValue, symbol.rawValue])
    }
  }
}
