import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange], pricing: PlacementPricing?, legs: [Order], claim: MinuteVolumeClaim?
  ) async throws(StoreError) -> StoredOrder {
    try await write { db in
      let (ledger, held, owner, settings) = try Self.ledger(
        db, accountID: accountID, symbol: order.symbol, forTrading: true)
      let margin =
        settings.isMargin
        ? (pricing ?? .atCost).marginCheck(
          settings: settings, cash: ledger.cash,
          positions: try Self.positions(db, accountID: accountID), symbol: order.symbol)
        : nil
      let taken = try db.fetchRow(
        sql: "SELECT 1 FROM orders WHERE account_id = ? AND client_order_id = ?",
        arguments: [accountID.rawValue, order.clientOrderID])
      var stored = StoredOrder(
        accountID: accountID, userID: owner, order: order, holdPrice: holdPrice, version: 1,
        sequence: 0)
      let holds = try Self.openHolds(db, accountID: accountID)
      let replaced = try replacing.map { id in
        guard let old = try Self.order(db, id: id, accountID: accountID) else {
          throw StoreError.notFound
        }
        return old
      }
      try StoreError.orderRule { [stored] () throws(OrderError) in
        try OrderStep.checkPlacement(
          stored, cash: ledger.cash, shares: held?.shares ?? .zero, holds: holds,
          clientOrderIDTaken: taken != nil, replacing: replaced, margin: margin)
      }
      let (placed, trades) = try StoreError.orderRule { [stored] () throws(OrderError) in
        try OrderStep.placing(
          matched, to: stored, ledger: ledger,
          heldByOthers: holds.filter { $0.orderID != replacing }.heldCash,
          margin: settings.isMargin)
      }
      stored = placed
      stored.sequence = try Self.insert(stored, db)
      for leg in try StoreError.orderRule({ [placed] () throws(OrderError) in
        try OrderStep.placingLegs(legs, of: placed)
      }) {
        try Self.insert(leg, db)
      }
      if let replacing {
        _ = try Self.change(
          db,
          OrderChange(
            orderID: replacing, accountID: accountID, version: nil, update: .replaced(by: order.id),
            time: order.submittedAt))
      }
      var rowExists = held != nil
      for trade in trades {
        try Self.write(trade, held: rowExists, db, accountID: accountID)
        try Self.insertTrade(trade, orderID: order.id, db, accountID: accountID)
        rowExists = trade.position != nil
      }
      // Last, as everything else in the transaction: the minute's row is written once the
      // placement is sure to commit.
      if let claim = claim?.limited(to: trades.tradedShares) { try Self.claimVolume(claim, db) }
      return stored
    }
  }

  /// Inserts a new order's row; returns its sequence number.
  @discardableResult
  static func insert(_ stored: StoredOrder, _ db: Database) throws -> Int64 {
    let order = stored.order
    try db.run(
      sql: """
        INSERT INTO orders (id, account_id, client_order_id, symbol, side, status, is_open,
          hold_price, version, submitted_at, body)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        order.id.uuidString, stored.accountID.rawValue, order.clientOrderID,
        order.symbol.rawValue, order.side.rawValue, order.status.rawValue,
        order.status.isOpen, StoredValue.text(stored.holdPrice, "hold_price"), stored.version,
        StoredValue.microseconds(order.submittedAt), try StoredJSON.encode(order),
      ])
    return db.lastInsertedRowID
  }

  public func order(clientOrderID: String, accountID: AccountID) async throws(StoreError)
    -> StoredOrder
  {
    try await read { db in
      guard
        let order = try db.fetchRow(
          sql: """
            SELECT \(Self.orderColumns) FROM \(Self.orderSource)
            WHERE o.account_id = ? AND o.client_order_id = ?
            """,
          arguments: [accountID.rawValue, clientOrderID]
        ).map(Self.storedOrder)
      else { throw StoreError.notFound }
      return order
    }
  }

  public func order(id: UUID, accountID: AccountID) async throws(StoreError) -> StoredOrder {
    try await read { db in
      guard let order = try Self.order(db, id: id, accountID: accountID) else {
        throw StoreError.notFound
      }
      return order
    }
  }

  public func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    guard limit > 0 else { return [] }
    return try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.orderColumns) FROM \(Self.orderSource(status))
          WHERE o.account_id = ? AND o.seq < ? AND \(Self.openness(status))
            AND (? IS NULL OR o.symbol = ?)
          ORDER BY o.seq DESC LIMIT ?
          """,
        arguments: [
          accountID.rawValue, before ?? .max, symbol?.rawValue, symbol?.rawValue, limit,
        ]
      ).map(Self.storedOrder)
    }
  }

  public func openOrders() async throws(StoreError) -> OpenOrders {
    try await read { db in
      var open = OpenOrders(orders: [])
      for row in try db.fetchRows(
        sql: """
          SELECT \(Self.orderColumns), o.id FROM \(Self.orderSource)
          WHERE o.is_open = 1 ORDER BY o.seq
          """,
        arguments: [])
      {
        do {
          open.orders.append(try Self.storedOrder(row))
        } catch {
          guard let id = UUID(uuidString: try row.decode(atIndex: 6)) else { continue }
          open.unreadable.append(
            UnreadableOrder(
              id: id, accountID: AccountID(try row.decode(atIndex: 0)),
              userID: UserID(try row.decode(atIndex: 1)), problem: "\(error)"))
        }
      }
      return open
    }
  }

  public func marginAccounts() async throws(StoreError) -> [OwnedAccount] {
    let owners = try await read { db in
      try db.fetchRows(
        sql: """
          SELECT a.id, a.user_id FROM accounts AS a
          WHERE a.kind = 'paper' AND a.closed_at IS NULL
            AND CAST(json_extract(a.settings, '$.maxMarginMultiplier') AS INTEGER) > 1
            AND EXISTS (SELECT 1 FROM positions AS p WHERE p.account_id = a.id)
          ORDER BY a.id
          """, arguments: []
      ).map { row in (AccountID(try row.decode(atIndex: 0)), UserID(try row.decode(atIndex: 1))) }
    }
    var accounts: [OwnedAccount] = []
    for (id, owner) in owners {
      accounts.append(OwnedAccount(userID: owner, account: try await account(accountID: id)))
    }
    return accounts
  }

  public func rejectOrder(id: UUID, accountID: AccountID, reason: String, at time: Date)
    async throws(StoreError) -> StoredOrder?
  {
    try await write { db in
      guard
        let row = try db.fetchRow(
          sql: """
            SELECT o.body, o.version, o.seq, a.user_id FROM \(Self.orderSource)
            WHERE o.id = ? AND o.account_id = ? AND o.is_open = 1
            """,
          arguments: [id.uuidString, accountID.rawValue])
      else { return nil }
      let body = OrderRejection.body(try row.decode(atIndex: 0), reason: reason, at: time)
      let version = try row.decode(Int64.self, atIndex: 1) + 1
      try db.run(
        sql: """
          UPDATE orders SET status = ?, is_open = 0, hold_price = ?, version = ?, body = ?
          WHERE id = ?
          """,
        arguments: [
          OrderStatus.rejected.rawValue, OrderRejection.holdPrice, version, body, id.uuidString,
        ])
      return OrderRejection.readBack(
        accountID: accountID, userID: UserID(try row.decode(atIndex: 3)), body: body,
        version: version, sequence: try row.decode(atIndex: 2))
    }
  }

  public func changeOrders(_ changes: [OrderChange], matchedThrough: Date?)
    async throws(StoreError) -> [StoredOrder]
  {
    guard !changes.isEmpty || matchedThrough != nil else { return [] }
    return try await write { db in
      let holds = OpenHoldsMemo()
      let changed = try changes.flatMap { change throws in
        try Self.change(db, change, holds: holds)
      }
      if let matchedThrough {
        let micros = StoredValue.microseconds(matchedThrough)
        try db.run(
          sql: """
            INSERT INTO market_state (key, value) VALUES ('orders_matched_through', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            WHERE CAST(excluded.value AS INTEGER) > CAST(market_state.value AS INTEGER)
            """,
          arguments: [String(micros)])
      }
      return changed
    }
  }

  public func ordersMatchedThrough() async throws(StoreError) -> Date? {
    try await read { db in
      try db.fetchTexts(
        sql: "SELECT value FROM market_state WHERE key = 'orders_matched_through'", arguments: []
      ).first.flatMap(Int64.init).map { StoredValue.date(microseconds: $0) }
    }
  }

  /// The account's cash and realized profit with its one position in `symbol` (also
  /// returned on its own: nil when there is no row) and its owner, in one statement.
  /// `forTrading` refuses a closed account (a new order; fills of orders already open
  /// are applied whatever becomes of the account).
  private static func ledger(
    _ db: Database, accountID: AccountID, symbol: Symbol, forTrading: Bool = false
  ) throws -> (ledger: Ledger, held: Position?, owner: UserID, settings: AccountSettings) {
    guard
      let row = try db.fetchRow(
        sql: """
          SELECT a.cash, a.realized_profit, p.shares, p.total_cost, a.user_id, a.closed_at,
            a.kind, a.settings
          FROM accounts AS a
          LEFT JOIN positions AS p ON p.account_id = a.id AND p.symbol = ?
          WHERE a.id = ?
          """,
        arguments: [symbol.rawValue, accountID.rawValue])
    else { throw StoreError.notFound }
    if forTrading {
      guard try row.decode(String.self, atIndex: 6) == AccountKind.paper.rawValue else {
        throw StoreError.notFound
      }
      if try row.decode(Int64?.self, atIndex: 5) != nil { throw StoreError.accountClosed }
    }
    let held: Position? =
      if let shares = try row.decode(String?.self, atIndex: 2) {
        Position(
          symbol: symbol, shares: try StoredValue.quantity(shares, "shares"),
          totalCost: try StoredValue.money(row.decode(atIndex: 3), "total_cost"))
      } else {
        nil
      }
    let ledger = Ledger(
      cash: try StoredValue.money(row.decode(atIndex: 0), "cash"),
      positions: held.map { [symbol: $0] } ?? [:],
      realizedProfit: try StoredValue.money(row.decode(atIndex: 1), "realized_profit"))
    return (
      ledger, held, UserID(try row.decode(atIndex: 4)),
      try AccountNames.settings(row.decode(atIndex: 7))
    )
  }

  /// Applies one change inside the caller's transaction, and what it does to the other
  /// orders of its bracket, OTO or OCO (`OrderCascade`): the orders changed, the one asked
  /// first; none when it was skipped.
  /// `holds` keeps the accounts' open orders' holds for the changes of one transaction.
  @discardableResult
  static func change(
    _ db: Database, _ change: OrderChange, holds: OpenHoldsMemo = OpenHoldsMemo()
  ) throws -> [StoredOrder] {
    guard let stored = try order(db, id: change.orderID, accountID: change.accountID) else {
      throw StoreError.notFound
    }
    if let version = change.version, version != stored.version || !stored.order.status.isOpen {
      return []
    }
    let (ledger, held, _, settings) = try Self.ledger(
      db, accountID: change.accountID, symbol: stored.order.symbol)
    let known = try holds[change.accountID] ?? openHolds(db, accountID: change.accountID)
    holds[change.accountID] = known
    let others = known.filter { $0.orderID != change.orderID }
    let (next, step) = try StoreError.orderRule { () throws(OrderError) in
      try OrderStep.apply(
        change.update, to: stored, ledger: ledger,
        heldByOthers: others.heldCash, margin: settings.isMargin, at: change.time)
    }
    if let step {
      try write(step, held: held != nil, db, accountID: change.accountID)
      try insertTrade(step, orderID: next.order.id, db, accountID: change.accountID)
    }
    try db.run(
      sql: """
        UPDATE orders SET status = ?, is_open = ?, version = ?, submitted_at = ?, body = ?,
          hold_price = ?
        WHERE id = ?
        """,
      arguments: [
        next.order.status.rawValue, next.order.status.isOpen, next.version,
        // An exit armed when its entry fills counts as submitted then.
        StoredValue.microseconds(next.order.submittedAt), try StoredJSON.encode(next.order),
        // A split re-prices what an open order holds cash at.
        try StoredValue.text(next.holdPrice, "hold_price"), next.order.id.uuidString,
      ])
    holds.changed(next)
    guard next.order.legs != nil || next.order.parentID != nil else { return [next] }
    let parent = try next.order.parentID.flatMap {
      try order(db, id: $0, accountID: change.accountID)
    }
    let group = try OrderCascade.groupIDs(of: next.order, parent: parent?.order).compactMap {
      try order(db, id: $0, accountID: change.accountID)
    }
    let cascade = OrderCascade.changes(
      after: next, wasOpen: stored.order.status.isOpen, group: group, at: change.time)
    return try [next] + cascade.flatMap { try Self.change(db, $0, holds: holds) }
  }

  static func insertTrade(
    _ step: TradeStep, orderID: UUID, _ db: Database, accountID: AccountID
  ) throws {
    try db.run(
      sql: """
        INSERT INTO trades (account_id, symbol, side, shares, price, amount, realized_profit,
          cash_after, executed_at, order_id, period)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT period FROM accounts WHERE id = ?))
        """,
      arguments: [
        accountID.rawValue, step.trade.symbol.rawValue, step.trade.side.rawValue,
        StoredValue.text(step.trade.shares, "shares"), StoredValue.text(step.trade.price, "price"),
        StoredValue.text(step.trade.amount, "amount"),
        StoredValue.text(step.trade.realizedProfit, "realized_profit"),
        StoredValue.text(step.cash, "cash"), StoredValue.microseconds(step.trade.time),
        orderID.uuidString, accountID.rawValue,
      ])
  }

  /// An order's row with its account's owner (whose streams hear of it).
  /// The `is_open` values a list of `status` shows, as SQL.
  /// The list's filter on `o.is_open`: an equality for one side, so that the open orders'
  /// partial index applies.
  static func openness(_ status: OrderListStatus) -> String {
    status.isOpen.map { $0 ? "o.is_open = 1" : "o.is_open = 0" } ?? "o.is_open IN (0, 1)"
  }

  /// The orders a list of `status` reads: the open ones through their partial index by
  /// name (a few, sorted after), where SQLite's planner would otherwise walk all of the
  /// account's orders in the list's order to find them.
  static func orderSource(_ status: OrderListStatus) -> String {
    status == .open
      ? "orders AS o INDEXED BY orders_open JOIN accounts AS a ON a.id = o.account_id"
      : orderSource
  }

  static let orderSource = "orders AS o JOIN accounts AS a ON a.id = o.account_id"
  static let orderColumns =
    "o.account_id, a.user_id, o.body, o.hold_price, o.version, o.seq"

  static func order(_ db: Database, id: UUID, accountID: AccountID) throws
    -> StoredOrder?
  {
    try db.fetchRow(
      sql: "SELECT \(orderColumns) FROM \(orderSource) WHERE o.id = ? AND o.account_id = ?",
      arguments: [id.uuidString, accountID.rawValue]
    ).map(storedOrder)
  }

  /// What the account's open orders hold, read without decoding their bodies (`OpenHold`).
  /// Through the open orders' partial index by name: left to itself, SQLite's planner
  /// takes the (account, time) index and reads every order the account ever placed, which
  /// made each placement slower by 2 ms per thousand orders.
  static func openHolds(_ db: Database, accountID: AccountID) throws -> [OpenHold] {
    try db.fetchRows(
      sql: """
        SELECT id, symbol, side, hold_price, json_extract(body, '$.qty'),
          json_extract(body, '$.filledQty'), json_extract(body, '$.notional'),
          json_extract(body, '$.positionIntent'), status,
          json_extract(body, '$.sharesHeldByPair')
        FROM orders INDEXED BY orders_open WHERE account_id = ? AND is_open = 1
        """,
      arguments: [accountID.rawValue]
    ).map { row in
      try OpenHold.stored(
        id: row.decode(atIndex: 0), symbol: row.decode(atIndex: 1), side: row.decode(atIndex: 2),
        holdPrice: row.decode(atIndex: 3), qty: row.decode(atIndex: 4),
        filledQty: row.decode(atIndex: 5), notional: row.decode(atIndex: 6),
        intent: row.decode(atIndex: 7), status: row.decode(atIndex: 8),
        sharesHeldByPair: row.decode(atIndex: 9))
    }
  }

  static func storedOrder(_ row: Row) throws -> StoredOrder {
    StoredOrder(
      accountID: AccountID(try row.decode(atIndex: 0)), userID: UserID(try row.decode(atIndex: 1)),
      order: try StoredJSON.decode(row.decode(atIndex: 2)),
      holdPrice: try StoredValue.price(row.decode(atIndex: 3), "hold_price"),
      version: try row.decode(atIndex: 4), sequence: try row.decode(atIndex: 5))
  }
}
