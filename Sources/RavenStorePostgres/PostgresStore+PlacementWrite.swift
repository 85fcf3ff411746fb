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
    let executedAt = trade.map { PostgresTimestamp($0.time) }
    let claimShares = try claim.map { try StoredValue.text($0.shares, "shares") }
    let ceiling = try claim.map { try StoredValue.text($0.ceiling, "ceiling") }
    let minute = claim.map { StoredValue.microseconds($0.minute) }
    let rows = try await connection.rows(
      """
      WITH placed AS (
        INSERT INTO orders (id, account_id, client_order_id, symbol, side, status, is_open,
          hold_price, version, submitted_at, body)
        VALUES (\(order.id.uuidString), \(account), \(order.clientOrderID),
          \(order.symbol.rawValue), \(order.side.rawValue), \(order.status.rawValue),
          \(order.status.isOpen), \(holdPrice)::numeric, \(stored.version),
          \(PostgresTimestamp(order.submittedAt)), \(body))
        RETURNING seq
      ), paid AS (
        UPDATE accounts SET cash = \(cash)::numeric, realized_profit = \(realized)::numeric
        WHERE id = \(account) AND \(mode) <> 'none'
      ), updated AS (
        UPDATE positions SET shares = \(shares)::numeric, total_cost = \(totalCost)::numeric
        WHERE account_id = \(account) AND symbol = \(order.symbol.rawValue) AND \(mode) = 'update'
      ), opened AS (
        INSERT INTO positions (account_id, symbol, shares, total_cost, sort_order)
        SELECT \(account), \(order.symbol.rawValue), \(shares)::numeric, \(totalCost)::numeric,
          COALESCE(MAX(sort_order) + 1, 0)
        FROM positions WHERE account_id = \(account)
        HAVING \(mode) = 'insert'
      ), closed AS (
        DELETE FROM positions
        WHERE account_id = \(account) AND symbol = \(order.symbol.rawValue) AND \(mode) = 'delete'
      ), traded AS (
        INSERT INTO trades (account_id, symbol, side, shares, price, amount, realized_profit,
          cash_after, executed_at, order_id, period)
        SELECT \(account), \(order.symbol.rawValue), \(trade?.side.rawValue),
          \(tradeShares)::numeric, \(price)::numeric, \(amount)::numeric,
          \(tradeProfit)::numeric, \(cash)::numeric, \(executedAt), \(order.id.uuidString), period
        FROM accounts WHERE id = \(account) AND \(mode) <> 'none'
      ), claimed AS (
        INSERT INTO minute_volume (symbol, minute, side, shares)
        SELECT \(claim?.symbol.rawValue), \(minute), \(claim?.side.rawValue),
          \(claimShares)::numeric
        WHERE \(claim != nil)
        ON CONFLICT (symbol, minute, side) DO UPDATE
        SET shares = minute_volume.shares + excluded.shares
        WHERE minute_volume.shares + excluded.shares <= \(ceiling)::numeric
        RETURNING 1
      )
      SELECT (SELECT seq FROM placed), (SELECT count(*) FROM claimed)
      """, logger)
    guard let (sequence, claims) = try rows.first?.decode((Int64, Int64).self) else {
      throw StoreError.unavailable("the order was not recorded")
    }
    if let claim, claims == 0 { throw try await volumeTaken(claim, connection) }
    return sequence
  }
}
