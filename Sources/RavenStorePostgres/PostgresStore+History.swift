import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  private static let tradeColumns = """
    id, symbol, side, shares::text, price::text, amount::text, realized_profit::text, executed_at
    """

  public func trades(accountID: AccountID, before: TradeID?, limit: Int) async throws(StoreError)
    -> [TradeRecord]
  {
    guard limit > 0 else { return [] }
    return try await connection { connection in
      try await connection.rows(
        """
        SELECT \(unescaped: Self.tradeColumns) FROM trades
        WHERE account_id = \(accountID.rawValue) AND id < \(before?.rawValue ?? .max)
        ORDER BY id DESC LIMIT \(limit)
        """, self.logger
      ).map { row in try Self.tradeRecord(row) }
    }
  }

  public func trades(orderID: UUID, accountID: AccountID) async throws(StoreError) -> [TradeReceipt]
  {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT \(unescaped: Self.tradeColumns), cash_after::text FROM trades
        WHERE account_id = \(accountID.rawValue) AND order_id = \(orderID.uuidString) ORDER BY id
        """, self.logger
      ).map { row in
        let cash = try row.makeRandomAccess()[8].decode(String.self)
        return TradeReceipt(
          record: try Self.tradeRecord(row), cash: try StoredValue.money(cash, "cash_after"),
          isReplay: false)
      }
    }
  }

  public func tradeHistory(accountID: AccountID) async throws(StoreError) -> [TradeRecord] {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT \(unescaped: Self.tradeColumns) FROM trades
        WHERE account_id = \(accountID.rawValue)
          AND period = (SELECT period FROM accounts WHERE id = \(accountID.rawValue))
        ORDER BY id
        """, self.logger
      ).map { row in try Self.tradeRecord(row) }
    }
  }

  /// A trade from a row that starts with `tradeColumns`.
  private static func tradeRecord(_ row: PostgresRow) throws -> TradeRecord {
    let (id, symbol, side, shares, price, amount, profit, time) = try row.decode(
      (Int64, String, String, String, String, String, String, PostgresTimestamp).self)
    return TradeRecord(
      id: TradeID(id),
      trade: Trade(
        symbol: try StoredValue.symbol(symbol, "symbol"), side: try StoredValue.side(side),
        shares: try StoredValue.quantity(shares, "shares"),
        price: try StoredValue.price(price, "price"),
        amount: try StoredValue.money(amount, "amount"),
        realizedProfit: try StoredValue.money(profit, "realized_profit"), time: time.date))
  }
}
