import Foundation
import PostgresNIO
import RavenCore
import RavenStore

/// An account's reads in one statement each: every statement sees one snapshot, so the
/// cash, the positions and the open orders' holds agree without a transaction, and each
/// read is one round trip instead of a transaction's five or six (where PostgreSQL's time
/// for a `/v2` order went: every statement is parsed, planned and answered on its own).
extension PostgresStore {
  /// The open orders' holds of the account `account` (an SQL expression) as one JSON
  /// array of arrays of text, for `holds(json:)`.
  static func holdsJSON(of account: String) -> String {
    """
    COALESCE((
      SELECT json_agg(json_build_array(o.id::text, o.symbol, o.side, o.hold_price::text,
        b.body ->> 'qty', b.body ->> 'filledQty', b.body ->> 'notional',
        b.body ->> 'positionIntent', o.status, b.body ->> 'sharesHeldByPair'))
      FROM orders AS o, LATERAL (SELECT o.body::jsonb AS body) AS b
      WHERE o.account_id = \(account) AND o.is_open), '[]')::text
    """
  }

  /// The holds `holdsJSON` wrote.
  static func holds(json: String) throws -> [OpenHold] {
    try JSONDecoder().decode([[String?]].self, from: Data(json.utf8)).map { fields in
      guard fields.count == 10, let id = fields[0], let symbol = fields[1], let side = fields[2],
        let holdPrice = fields[3], let status = fields[8]
      else { throw StoredValue.corrupt("orders", json) }
      return try OpenHold.stored(
        id: id, symbol: symbol, side: side, holdPrice: holdPrice, qty: fields[4],
        filledQty: fields[5], notional: fields[6], intent: fields[7], status: status,
        sharesHeldByPair: fields[9].map { $0 == "true" })
    }
  }

  public func account(accountID: AccountID) async throws(StoreError) -> Account {
    try await connection { connection in
      guard
        let row = try await connection.rows(
          """
          SELECT a.cash::text, a.starting_cash::text, a.realized_profit::text,
            a.period_started_at, a.settings,
            COALESCE((
              SELECT json_agg(json_build_array(p.symbol, p.shares::text, p.total_cost::text)
                ORDER BY p.sort_order, p.symbol)
              FROM positions AS p WHERE p.account_id = a.id), '[]')::text,
            \(unescaped: Self.holdsJSON(of: "a.id"))
          FROM accounts AS a
          WHERE a.id = \(accountID.rawValue)
          """, self.logger
        ).first
      else { throw StoreError.notFound }
      let (cash, startingCash, realizedProfit, periodStartedAt, settings, positions, holds) =
        try row.decode((String, String, String, PostgresTimestamp?, String, String, String).self)
      return Account(
        accountID: accountID, cash: try StoredValue.money(cash, "cash"),
        startingCash: try StoredValue.money(startingCash, "starting_cash"),
        realizedProfit: try StoredValue.money(realizedProfit, "realized_profit"),
        positions: try Self.positions(json: positions),
        holds: try Self.holds(json: holds),
        periodStartedAt: periodStartedAt?.date, settings: try AccountNames.settings(settings))
    }
  }

  private static func positions(json: String) throws -> [Position] {
    try JSONDecoder().decode([[String]].self, from: Data(json.utf8)).map { fields in
      guard fields.count == 3 else { throw StoredValue.corrupt("positions", json) }
      return Position(
        symbol: try StoredValue.symbol(fields[0], "symbol"),
        shares: try StoredValue.quantity(fields[1], "shares"),
        totalCost: try StoredValue.money(fields[2], "total_cost"))
    }
  }

  /// What a placement reads once it holds the account's lock, in one statement (its own,
  /// so it sees what the lock's last holder committed): the position in `symbol`, whether
  /// the client order ID is taken, and the open orders' holds.
  func placementReads(
    _ connection: PostgresConnection, accountID: AccountID, symbol: Symbol, clientOrderID: String
  ) async throws -> (held: Position?, clientOrderIDTaken: Bool, holds: [OpenHold]) {
    let account = accountID.rawValue
    guard
      let row = try await connection.rows(
        """
        SELECT
          (SELECT json_build_array(shares::text, total_cost::text) FROM positions
            WHERE account_id = \(account) AND symbol = \(symbol.rawValue))::text,
          EXISTS (SELECT 1 FROM orders
            WHERE account_id = \(account) AND client_order_id = \(clientOrderID)),
          \(unescaped: Self.holdsJSON(of: String(account)))
        """, logger
      ).first
    else { throw StoreError.notFound }
    let (position, taken, holds) = try row.decode((String?, Bool, String).self)
    let held = try position.map { json in
      let fields = try JSONDecoder().decode([String].self, from: Data(json.utf8))
      guard fields.count == 2 else { throw StoredValue.corrupt("positions", json) }
      return Position(
        symbol: symbol, shares: try StoredValue.quantity(fields[0], "shares"),
        totalCost: try StoredValue.money(fields[1], "total_cost"))
    }
    return (held, taken, try Self.holds(json: holds))
  }
}
