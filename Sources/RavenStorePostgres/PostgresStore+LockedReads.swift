import Foundation
import PostgresNIO
import RavenCore
import RavenStore

/// A placement's and an order change's locks and reads, each in one round trip (the
/// functions of migration 020): every round trip while an account's row is locked is time
/// its other requests wait, and under load each waits its turn in this server too.
extension PostgresStore {
  /// Locks the account's row until the transaction ends and reads what placing an order
  /// in `symbol` needs: the account, its position, whether `clientOrderID` is taken, and
  /// its open orders' holds.
  func lockForPlacement(
    _ connection: PostgresConnection, accountID: AccountID, symbol: Symbol, clientOrderID: String
  ) async throws -> (
    account: LockedAccount, held: Position?, clientOrderIDTaken: Bool, holds: [OpenHold]
  ) {
    guard
      let row = try await connection.rows(
        PlacementLockStatement(
          account: accountID.rawValue, symbol: symbol.rawValue, clientOrderID: clientOrderID),
        logger
      ).first
    else { throw StoreError.notFound }
    let (cash, realizedProfit, owner, kind, closed, settings, held, taken, holds) =
      try row.decode((String, String, Int64, String, Bool, String, String?, Bool, String).self)
    return (
      try LockedAccount(
        cash: cash, realizedProfit: realizedProfit, owner: owner, kind: kind, closed: closed,
        settings: settings),
      try held.map { try Self.position(json: $0, symbol: symbol) }, taken,
      try Self.holds(json: holds)
    )
  }

  /// Locks the account's row, then the order's, until the transaction ends, and reads
  /// what changing the order needs: the account, the order (nil when it is not the
  /// account's), the position in its symbol, and the open orders' holds (nil unless
  /// `readingHolds`: a transaction changing several keeps them, `OpenHoldsMemo`).
  func lockForChange(
    _ connection: PostgresConnection, accountID: AccountID, orderID: UUID, readingHolds: Bool
  ) async throws -> (
    account: LockedAccount, order: StoredOrder?, held: Position?, holds: [OpenHold]?
  ) {
    guard
      let row = try await connection.rows(
        ChangeLockStatement(
          account: accountID.rawValue, orderID: orderID.uuidString, readingHolds: readingHolds),
        logger
      ).first
    else { throw StoreError.notFound }
    let (
      cash, realizedProfit, owner, kind, closed, settings, body, holdPrice, version, sequence,
      held, holds
    ) = try row.decode(
      (
        String, String, Int64, String, Bool, String, String?, String?, Int64?, Int64?, String?,
        String?
      ).self)
    let account = try LockedAccount(
      cash: cash, realizedProfit: realizedProfit, owner: owner, kind: kind, closed: closed,
      settings: settings)
    guard let body, let holdPrice, let version, let sequence else {
      return (account, nil, nil, try holds.map(Self.holds(json:)))
    }
    let order = StoredOrder(
      accountID: accountID, userID: UserID(owner), order: try StoredJSON.decode(body),
      holdPrice: try StoredValue.price(holdPrice, "hold_price"), version: version,
      sequence: sequence)
    return (
      account, order, try held.map { try Self.position(json: $0, symbol: order.order.symbol) },
      try holds.map(Self.holds(json:))
    )
  }

  /// A position as `[shares, total cost]` in JSON.
  static func position(json: String, symbol: Symbol) throws -> Position {
    let fields = try JSONDecoder().decode([String].self, from: Data(json.utf8))
    guard fields.count == 2 else { throw StoredValue.corrupt("positions", json) }
    return Position(
      symbol: symbol, shares: try StoredValue.quantity(fields[0], "shares"),
      totalCost: try StoredValue.money(fields[1], "total_cost"))
  }
}

extension LockedAccount {
  /// The account's row as the store reads it.
  init(
    cash: String, realizedProfit: String, owner: Int64, kind: String, closed: Bool,
    settings: String
  ) throws {
    self.init(
      cash: try StoredValue.money(cash, "cash"),
      realizedProfit: try StoredValue.money(realizedProfit, "realized_profit"),
      owner: UserID(owner), kind: try AccountNames.kind(kind), closed: closed,
      settings: try AccountNames.settings(settings))
  }
}
