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
  /// array, for `holds(json:)` (`raven_account_holds`, migration 020: each order's columns
  /// and its `hold_fields`, kept when the order was written, so no body is parsed).
  static func holdsJSON(of account: String) -> String {
    "raven_account_holds(\(account))"
  }

  /// The holds `holdsJSON` wrote.
  static func holds(json: String) throws -> [OpenHold] {
    do {
      return try JSONDecoder().decode([StoredHold].self, from: Data(json.utf8)).map { stored in
        try stored.hold()
      }
    } catch DecodingError.typeMismatch, DecodingError.valueNotFound, DecodingError.dataCorrupted,
      DecodingError.keyNotFound
    {
      throw StoredValue.corrupt("orders", json)
    }
  }

  public func account(accountID: AccountID) async throws(StoreError) -> Account {
    try await connection { connection in
      guard
        let row = try await connection.rows(
          AccountSnapshotStatement(account: accountID.rawValue), self.logger
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
}

/// One open order's hold as `holdsJSON` writes it: `[id, symbol, side, hold price, status,
/// [qty, filled qty, notional, position intent, shares held by pair]]`, the last array
/// being the order's `hold_fields` column (`raven_order_hold`, migration 019).
private struct StoredHold: Decodable {
  var id, symbol, side, holdPrice, status: String
  var fields: [String?]

  init(from decoder: any Decoder) throws {
    var row = try decoder.unkeyedContainer()
    id = try row.decode(String.self)
    symbol = try row.decode(String.self)
    side = try row.decode(String.self)
    holdPrice = try row.decode(String.self)
    status = try row.decode(String.self)
    fields = try row.decode([String?].self)
  }

  func hold() throws -> OpenHold {
    guard fields.count == 5 else { throw StoredValue.corrupt("orders", "hold_fields of \(id)") }
    return try OpenHold.stored(
      id: id, symbol: symbol, side: side, holdPrice: holdPrice, qty: fields[0],
      filledQty: fields[1], notional: fields[2], intent: fields[3], status: status,
      sharesHeldByPair: fields[4].map { $0 == "true" })
  }
}
