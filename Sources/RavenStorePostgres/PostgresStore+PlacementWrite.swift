import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  /// The writes of the common placement (a new order, not replacing one, without legs,
  /// filled in one trade or not at all as it is placed) in one statement: the order, the
  /// account, its position, the trade and the claim on the minute's volume. One round trip
  /// while the account's row is locked instead of five: under load every statement waits
  /// its turn in the server, and the lock's waiters with it. Returns the order's sequence
  /// number; throws `minuteVolumeTaken` when the claim is refused (the transaction then
  /// rolls everything back).
  func writePlacement(
    _ stored: StoredOrder, trade step: TradeStep?, held: Bool, claim: MinuteVolumeClaim?,
    _ connection: PostgresConnection
  ) async throws -> Int64 {
    let order = stored.order
    let account = stored.accountID.rawValue
    let holdPrice = try StoredValue.text(stored.holdPrice, "hold_price")
    let body = try StoredJSON.encode(order)
    // The position's write: none without a trade; else update, insert or delete.
    let mode =
      switch (step, step?.position, held) {
      case (nil, _, _): "none"
      case (.some, .some, true): "update"
      case (.some, .some, false): "insert"
      case (.some, nil, _): "delete"
      }
    let trade = step?.trade
    let cash = try step.map { try StoredValue.text($0.cash, "cash") }
    let realized = try step.map { try StoredValue.text($0.realizedProfit, "realized_profit") }
    let shares = try step?.position.map { try StoredValue.text($0.shares, "shares") }
    let totalCost = try step?.position.map { try StoredValue.text($0.totalCost, "total_cost") }
    let tradeShares = try trade.map { try StoredValue.text($0.shares, "shares") }
    let price = try trade.map { try StoredValue.text($0.price, "price") }
    let amount = try trade.map { try StoredValue.text($0.amount, "amount") }
    let tradeProfit = try trade.map { try StoredValue.text($0.realizedProfit, "realized_profit") }
    let claimShares = try claim.map { try StoredValue.text($0.shares, "shares") }
    let ceiling = try claim.map { try StoredValue.text($0.ceiling, "ceiling") }
    let rows = try await connection.rows(
      PlacementWriteStatement(
        orderID: order.id.uuidString, account: account, clientOrderID: order.clientOrderID,
        symbol: order.symbol.rawValue, side: order.side.rawValue, status: order.status.rawValue,
        isOpen: order.status.isOpen, holdPrice: holdPrice, version: stored.version,
        submittedAt: PostgresTimestamp(order.submittedAt), body: body, mode: mode, cash: cash,
        realizedProfit: realized, shares: shares, totalCost: totalCost,
        tradeSide: trade?.side.rawValue, tradeShares: tradeShares, price: price, amount: amount,
        tradeProfit: tradeProfit, executedAt: trade.map { PostgresTimestamp($0.time) },
        claimSymbol: claim?.symbol.rawValue,
        minute: claim.map { StoredValue.microseconds($0.minute) },
        claimSide: claim?.side.rawValue, claimShares: claimShares, ceiling: ceiling),
      logger)
    guard let (sequence, claims) = try rows.first?.decode((Int64, Int64).self) else {
      throw StoreError.unavailable("the order was not recorded")
    }
    if let claim, claims == 0 { throw try await volumeTaken(claim, connection) }
    return sequence
  }
}

/// The writes of `writePlacement` as one prepared statement. `mode` says which write the
/// position gets (`none`, `update`, `insert`, `delete`); the trade's and the claim's
/// parameters are null when there is none.
struct PlacementWriteStatement: RavenPreparedStatement {
  static let name = "raven_placement_write"
  static let sql = """
    WITH placed AS (
      INSERT INTO orders (id, account_id, client_order_id, symbol, side, status, is_open,
        hold_price, version, submitted_at, body)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11)
      RETURNING seq
    ), paid AS (
      UPDATE accounts SET cash = $13::numeric, realized_profit = $14::numeric
      WHERE id = $2 AND $12 <> 'none'
    ), updated AS (
      UPDATE positions SET shares = $15::numeric, total_cost = $16::numeric
      WHERE account_id = $2 AND symbol = $4 AND $12 = 'update'
    ), opened AS (
      INSERT INTO positions (account_id, symbol, shares, total_cost, sort_order)
      SELECT $2, $4, $15::numeric, $16::numeric, COALESCE(MAX(sort_order) + 1, 0)
      FROM positions WHERE account_id = $2
      HAVING $12 = 'insert'
    ), closed AS (
      DELETE FROM positions WHERE account_id = $2 AND symbol = $4 AND $12 = 'delete'
    ), traded AS (
      INSERT INTO trades (account_id, symbol, side, shares, price, amount, realized_profit,
        cash_after, executed_at, order_id, period)
      SELECT $2, $4, $17, $18::numeric, $19::numeric, $20::numeric, $21::numeric,
        $13::numeric, $22, $1, period
      FROM accounts WHERE id = $2 AND $12 <> 'none'
    ), claimed AS (
      INSERT INTO minute_volume (symbol, minute, side, shares)
      SELECT $23, $24, $25, $26::numeric
      WHERE $23 IS NOT NULL
      ON CONFLICT (symbol, minute, side) DO UPDATE
      SET shares = minute_volume.shares + excluded.shares
      WHERE minute_volume.shares + excluded.shares <= $27::numeric
      RETURNING 1
    )
    SELECT (SELECT seq FROM placed), (SELECT count(*) FROM claimed)
    """
  static let bindingDataTypes: [PostgresDataType] = [
    .text, .int8, .text, .text, .text, .text, .bool, .text, .int8, .timestamptz, .text,
    .text, .text, .text, .text, .text,
    .text, .text, .text, .text, .text, .timestamptz,
    .text, .int8, .text, .text, .text,
  ]

  var orderID: String
  var account: Int64
  var clientOrderID: String
  var symbol: String
  var side: String
  var status: String
  var isOpen: Bool
  var holdPrice: String
  var version: Int64
  var submittedAt: PostgresTimestamp
  var body: String
  var mode: String
  var cash: String?
  var realizedProfit: String?
  var shares: String?
  var totalCost: String?
  var tradeSide: String?
  var tradeShares: String?
  var price: String?
  var amount: String?
  var tradeProfit: String?
  var executedAt: PostgresTimestamp?
  var claimSymbol: String?
  var minute: Int64?
  var claimSide: String?
  var claimShares: String?
  var ceiling: String?

  func makeBindings() -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 27)
    bindings.append(orderID)
    bindings.append(account)
    bindings.append(clientOrderID)
    bindings.append(symbol)
    bindings.append(side)
    bindings.append(status)
    bindings.append(isOpen)
    bindings.append(holdPrice)
    bindings.append(version)
    bindings.append(submittedAt)
    bindings.append(body)
    bindings.append(mode)
    for text in [cash, realizedProfit, shares, totalCost, tradeSide, tradeShares, price, amount] {
      bindings.append(text)
    }
    bindings.append(tradeProfit)
    bindings.append(executedAt)
    bindings.append(claimSymbol)
    bindings.append(minute)
    bindings.append(claimSide)
    bindings.append(claimShares)
    bindings.append(ceiling)
    return bindings
  }
}
