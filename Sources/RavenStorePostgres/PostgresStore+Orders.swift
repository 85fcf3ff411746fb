import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func placeOrder(
    _ order: Order, holdPrice: Price, accountID: AccountID, replacing: UUID?,
    matched: [OrderChange], pricing: PlacementPricing?, legs: [Order], claim: MinuteVolumeClaim?
  ) async throws(StoreError) -> StoredOrder {
    try await transaction { connection in
      // The account's lock serializes this account's orders, fills and trades.
      let (account, held, clientOrderIDTaken, holds) = try await self.lockForPlacement(
        connection, accountID: accountID, symbol: order.symbol, clientOrderID: order.clientOrderID)
      guard account.kind == .paper else { throw StoreError.notFound }
      if account.closed { throw StoreError.accountClosed }
      var replaced: StoredOrder?
      if let replacing {
        replaced = try await self.order(
          connection, id: replacing, accountID: accountID, lock: true)
        if replaced == nil { throw StoreError.notFound }
      }
      var stored = StoredOrder(
        accountID: accountID, userID: account.owner, order: order, holdPrice: holdPrice,
        version: 1, sequence: 0)
      let margin =
        account.settings.isMargin
        ? (pricing ?? .atCost).marginCheck(
          settings: account.settings, cash: account.cash,
          positions: try await self.positions(connection, accountID: accountID),
          symbol: order.symbol)
        : nil
      try StoreError.orderRule { [stored] () throws(OrderError) in
        try OrderStep.checkPlacement(
          stored, cash: account.cash, shares: held?.shares ?? .zero, holds: holds,
          clientOrderIDTaken: clientOrderIDTaken, replacing: replaced, margin: margin)
      }
      let ledger = Ledger(
        cash: account.cash, positions: held.map { [order.symbol: $0] } ?? [:],
        realizedProfit: account.realizedProfit)
      let (placed, trades) = try StoreError.orderRule { [stored] () throws(OrderError) in
        try OrderStep.placing(
          matched, to: stored, ledger: ledger,
          heldByOthers: holds.filter { $0.orderID != replacing }.heldCash,
          margin: account.settings.isMargin)
      }
      stored = placed
      let claim = claim?.limited(to: trades.tradedShares)
      if replacing == nil, legs.isEmpty, trades.count <= 1 {
        stored.sequence = try await self.writePlacement(
          stored, trade: trades.first, held: held != nil, claim: claim, connection)
        return stored
      }
      stored.sequence = try await self.insert(stored, connection)
      for leg in try StoreError.orderRule({ [placed] () throws(OrderError) in
        try OrderStep.placingLegs(legs, of: placed)
      }) {
        try await self.insert(leg, connection)
      }
      if let replacing {
        _ = try await self.change(
          connection,
          OrderChange(
            orderID: replacing, accountID: accountID, version: nil, update: .replaced(by: order.id),
            time: order.submittedAt))
      }
      var rowExists = held != nil
      for trade in trades {
        try await self.write(trade, held: rowExists, connection, accountID: accountID)
        try await self.insertTrade(trade, orderID: order.id, connection, accountID: accountID)
        rowExists = trade.position != nil
      }
      // Last: the minute's row lock, which every placement filling from it waits on, is
      // held only for the commit.
      if let claim { try await self.claimVolume(claim, connection) }
      return stored
    }
  }

  /// The account's position in `symbol`, read after the account's lock (a statement of
  /// its own, so that it sees what the lock's holder committed).
  func position(_ connection: PostgresConnection, accountID: AccountID, symbol: Symbol)
    async throws -> Position?
  {
    try await connection.rows(
      """
      SELECT shares::text, total_cost::text FROM positions
      WHERE account_id = \(accountID.rawValue) AND symbol = \(symbol.rawValue)
      """, logger
    ).first.map { row throws in
      let (shares, totalCost) = try row.decode((String, String).self)
      return Position(
        symbol: symbol, shares: try StoredValue.quantity(shares, "shares"),
        totalCost: try StoredValue.money(totalCost, "total_cost"))
    }
  }

  /// Inserts a new order's row; returns its sequence number.
  @discardableResult
  func insert(_ stored: StoredOrder, _ connection: PostgresConnection) async throws -> Int64 {
    let order = stored.order
    let holdPrice = try StoredValue.text(stored.holdPrice, "hold_price")
    let rows = try await connection.rows(
      """
      INSERT INTO orders (id, account_id, client_order_id, symbol, side, status, is_open,
        hold_price, version, submitted_at, body)
      VALUES (\(order.id.uuidString), \(stored.accountID.rawValue), \(order.clientOrderID),
        \(order.symbol.rawValue), \(order.side.rawValue), \(order.status.rawValue),
        \(order.status.isOpen), \(holdPrice)::numeric, \(stored.version),
        \(PostgresTimestamp(order.submittedAt)), \(try StoredJSON.encode(order)))
      RETURNING seq
      """, logger)
    guard let sequence = try rows.first?.decode(Int64.self) else {
      throw StoreError.unavailable("the order was not recorded")
    }
    return sequence
  }

  public func order(clientOrderID: String, accountID: AccountID) async throws(StoreError)
    -> StoredOrder
  {
    let found = try await connection { connection in
      try await connection.rows(
        """
        SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq FROM orders AS o
        JOIN accounts AS a ON a.id = o.account_id
        WHERE o.account_id = \(accountID.rawValue) AND o.client_order_id = \(clientOrderID)
        """, self.logger
      ).first.map(Self.storedOrder)
    }
    guard let found else { throw .notFound }
    return found
  }

  // Reads of one statement need no transaction: a statement sees one snapshot.
  public func order(id: UUID, accountID: AccountID) async throws(StoreError) -> StoredOrder {
    try await connection { connection in
      guard
        let order = try await self.order(connection, id: id, accountID: accountID, lock: false)
      else { throw StoreError.notFound }
      return order
    }
  }

  public func orders(
    accountID: AccountID, status: OrderListStatus, symbol: Symbol?, before: Int64?, limit: Int
  ) async throws(StoreError) -> [StoredOrder] {
    guard limit > 0 else { return [] }
    let open = status.isOpen
    return try await connection { connection in
      try await connection.rows(
        """
        SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq FROM orders AS o
        JOIN accounts AS a ON a.id = o.account_id
        WHERE o.account_id = \(accountID.rawValue) AND o.seq < \(before ?? .max)
          AND (\(open)::boolean IS NULL OR o.is_open = \(open)::boolean)
          AND (\(symbol?.rawValue)::text IS NULL OR o.symbol = \(symbol?.rawValue)::text)
        ORDER BY o.seq DESC LIMIT \(limit)
        """, self.logger
      ).map(Self.storedOrder)
    }
  }

  public func openOrders() async throws(StoreError) -> OpenOrders {
    try await transaction { connection in
      var open = OpenOrders(orders: [])
      for row in try await connection.rows(
        """
        SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq, o.id FROM orders AS o
        JOIN accounts AS a ON a.id = o.account_id
        WHERE o.is_open ORDER BY o.seq
        """, self.logger)
      {
        do {
          open.orders.append(try Self.storedOrder(row))
        } catch {
          let columns = row.makeRandomAccess()
          let account = try columns[0].decode(Int64.self)
          let user = try columns[1].decode(Int64.self)
          guard let id = UUID(uuidString: try columns[6].decode(String.self)) else { continue }
          open.unreadable.append(
            UnreadableOrder(
              id: id, accountID: AccountID(account), userID: UserID(user), problem: "\(error)"))
        }
      }
      return open
    }
  }

  public func rejectOrder(id: UUID, accountID: AccountID, reason: String, at time: Date)
    async throws(StoreError) -> StoredOrder?
  {
    try await transaction { connection in
      guard
        let row = try await connection.rows(
          """
          SELECT o.body, o.version, o.seq, a.user_id FROM orders AS o
          JOIN accounts AS a ON a.id = o.account_id
          WHERE o.id = \(id.uuidString) AND o.account_id = \(accountID.rawValue) AND o.is_open
          FOR UPDATE OF o
          """, self.logger
        ).first
      else { return nil }
      let (stored, version, sequence, owner) = try row.decode((String, Int64, Int64, Int64).self)
      let body = OrderRejection.body(stored, reason: reason, at: time)
      try await connection.perform(
        """
        UPDATE orders SET status = \(OrderStatus.rejected.rawValue), is_open = false,
          hold_price = \(OrderRejection.holdPrice)::numeric, version = \(version + 1),
          body = \(body)
        WHERE id = \(id.uuidString)
        """, self.logger)
      return OrderRejection.readBack(
        accountID: accountID, userID: UserID(owner), body: body, version: version + 1,
        sequence: sequence)
    }
  }

  public func changeOrders(_ changes: [OrderChange], matchedThrough: Date?)
    async throws(StoreError) -> [StoredOrder]
  {
    guard !changes.isEmpty || matchedThrough != nil else { return [] }
    return try await transaction { connection in
      var changed: [StoredOrder] = []
      let holds = OpenHoldsMemo()
      // One account at a time, in id order: two servers applying the same minute take
      // the accounts' locks in the same order and never deadlock.
      for change in changes.sorted(by: { $0.accountID.rawValue < $1.accountID.rawValue }) {
        changed += try await self.change(connection, change, holds: holds)
      }
      if let matchedThrough {
        let micros = String(StoredValue.microseconds(matchedThrough))
        try await connection.perform(
          """
          INSERT INTO market_state (key, value) VALUES ('orders_matched_through', \(micros))
          ON CONFLICT (key) DO UPDATE SET value = excluded.value
          WHERE excluded.value::bigint > market_state.value::bigint
          """, self.logger)
      }
      return changed
    }
  }

  public func ordersMatchedThrough() async throws(StoreError) -> Date? {
    try await transaction { connection in
      try await connection.rows(
        "SELECT value FROM market_state WHERE key = 'orders_matched_through'", self.logger
      ).first.flatMap { row in Int64(try row.decode(String.self)) }
        .map { StoredValue.date(microseconds: $0) }
    }
  }

  /// Applies one change inside the caller's transaction; `nil` when it was skipped.
  /// Applies one change inside the caller's transaction, and what it does to the other
  /// orders of its bracket, OTO or OCO (`OrderCascade`): the orders changed, the one asked
  /// first; none when it was skipped.
  /// `holds` keeps the accounts' open orders' holds for the changes of one transaction.
  @discardableResult
  func change(
    _ connection: PostgresConnection, _ change: OrderChange,
    holds: OpenHoldsMemo = OpenHoldsMemo()
  ) async throws -> [StoredOrder] {
    // Account first, then the order, in every path: the same lock order everywhere.
    let known = holds[change.accountID]
    let (account, stored, held, read) = try await lockForChange(
      connection, accountID: change.accountID, orderID: change.orderID, readingHolds: known == nil)
    guard let stored else { throw StoreError.notFound }
    guard let accountHolds = known ?? read else {
      throw StoreError.unavailable("the account's holds were not read")
    }
    holds[change.accountID] = accountHolds
    if let version = change.version, version != stored.version || !stored.order.status.isOpen {
      return []
    }
    let symbol = stored.order.symbol
    let ledger = Ledger(
      cash: account.cash, positions: held.map { [symbol: $0] } ?? [:],
      realizedProfit: account.realizedProfit)
    let others = accountHolds.filter { $0.orderID != change.orderID }
    let (next, step) = try StoreError.orderRule { () throws(OrderError) in
      try OrderStep.apply(
        change.update, to: stored, ledger: ledger,
        heldByOthers: others.heldCash, margin: account.settings.isMargin, at: change.time)
    }
    if let step {
      try await write(step, held: held != nil, connection, accountID: change.accountID)
      try await insertTrade(
        step, orderID: next.order.id, connection, accountID: change.accountID)
    }
    try await connection.perform(
      """
      UPDATE orders SET status = \(next.order.status.rawValue),
        is_open = \(next.order.status.isOpen), version = \(next.version),
        submitted_at = \(PostgresTimestamp(next.order.submittedAt)),
        body = \(try StoredJSON.encode(next.order)),
        hold_price = \(try StoredValue.text(next.holdPrice, "hold_price"))::numeric
      WHERE id = \(next.order.id.uuidString)
      """, logger)
    holds.changed(next)
    guard next.order.legs != nil || next.order.parentID != nil else { return [next] }
    var group: [StoredOrder] = []
    var parent: StoredOrder?
    if let parentID = next.order.parentID {
      parent = try await order(connection, id: parentID, accountID: change.accountID, lock: false)
    }
    for id in OrderCascade.groupIDs(of: next.order, parent: parent?.order) {
      if let member = try await order(connection, id: id, accountID: change.accountID, lock: false)
      {
        group.append(member)
      }
    }
    var changed = [next]
    for cascade in OrderCascade.changes(
      after: next, wasOpen: stored.order.status.isOpen, group: group, at: change.time)
    {
      changed += try await self.change(connection, cascade, holds: holds)
    }
    return changed
  }

  @discardableResult
  func insertTrade(
    _ step: TradeStep, orderID: UUID, _ connection: PostgresConnection, accountID: AccountID
  ) async throws -> Int64 {
    let trade = step.trade
    let shares = try StoredValue.text(trade.shares, "shares")
    let price = try StoredValue.text(trade.price, "price")
    let amount = try StoredValue.text(trade.amount, "amount")
    let realized = try StoredValue.text(trade.realizedProfit, "realized_profit")
    let cash = try StoredValue.text(step.cash, "cash")
    let rows = try await connection.rows(
      """
      INSERT INTO trades (account_id, symbol, side, shares, price, amount, realized_profit,
        cash_after, executed_at, order_id, period)
      VALUES (\(accountID.rawValue), \(trade.symbol.rawValue), \(trade.side.rawValue),
        \(shares)::numeric, \(price)::numeric, \(amount)::numeric, \(realized)::numeric,
        \(cash)::numeric, \(PostgresTimestamp(trade.time)), \(orderID.uuidString),
        (SELECT period FROM accounts WHERE id = \(accountID.rawValue)))
      RETURNING id
      """, logger)
    guard let id = try rows.first?.decode(Int64.self) else {
      throw StoreError.unavailable("the trade was not recorded")
    }
    return id
  }

  func order(
    _ connection: PostgresConnection, id: UUID, accountID: AccountID, lock: Bool
  ) async throws -> StoredOrder? {
    let query: PostgresQuery =
      lock
      ? """
      SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq
      FROM orders AS o JOIN accounts AS a ON a.id = o.account_id
      WHERE o.id = \(id.uuidString) AND o.account_id = \(accountID.rawValue) FOR UPDATE OF o
      """
      : """
      SELECT o.account_id, a.user_id, o.body, o.hold_price::text, o.version, o.seq
      FROM orders AS o JOIN accounts AS a ON a.id = o.account_id
      WHERE o.id = \(id.uuidString) AND o.account_id = \(accountID.rawValue)
      """
    return try await connection.rows(query, logger).first.map(Self.storedOrder)
  }

  /// What the account's open orders hold, read without decoding their bodies (`OpenHold`).
  func openHolds(_ connection: PostgresConnection, accountID: AccountID) async throws
    -> [OpenHold]
  {
    guard
      let row = try await connection.rows(
        "SELECT \(unescaped: Self.holdsJSON(of: String(accountID.rawValue)))", logger
      ).first
    else { return [] }
    return try Self.holds(json: try row.decode(String.self))
  }

  static func storedOrder(_ row: PostgresRow) throws -> StoredOrder {
    let (account, user, body, holdPrice, version, sequence) = try row.decode(
      (Int64, Int64, String, String, Int64, Int64).self)
    return StoredOrder(
      accountID: AccountID(account), userID: UserID(user), order: try StoredJSON.decode(body),
      holdPrice: try StoredValue.price(holdPrice, "hold_price"), version: version,
      sequence: sequence)
  }
}
