import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func bookCorporateAction(_ action: CorporateAction, at time: Date)
    async throws(StoreError) -> [CorporateActionBooking]
  {
    try await write { db in
      let symbol = action.symbol.rawValue
      // Every open paper account the action touches and has not been booked in: those
      // holding the symbol, and those with an open order in it.
      let accounts = try db.fetchRows(
        sql: """
          SELECT a.id, a.period FROM accounts AS a
          WHERE a.kind = 'paper' AND a.closed_at IS NULL
            AND (EXISTS (SELECT 1 FROM positions AS p WHERE p.account_id = a.id AND p.symbol = ?)
              OR EXISTS (SELECT 1 FROM orders AS o INDEXED BY orders_open
                WHERE o.account_id = a.id AND o.symbol = ? AND o.is_open = 1))
            AND NOT EXISTS (SELECT 1 FROM corporate_actions_booked AS b
              WHERE b.action_id = ? AND b.account_id = a.id)
          ORDER BY a.id
          """,
        arguments: [symbol, symbol, action.id])
      var bookings: [CorporateActionBooking] = []
      for row in accounts {
        let accountID = AccountID(try row.decode(Int64.self, atIndex: 0))
        try db.run(
          sql: """
            INSERT INTO corporate_actions_booked (action_id, account_id, booked_at)
            VALUES (?, ?, ?)
            """,
          arguments: [action.id, accountID.rawValue, StoredValue.microseconds(time)])
        if let booking = try Self.book(
          action, in: accountID, period: try row.decode(Int64.self, atIndex: 1), at: time, db)
        {
          bookings.append(booking)
        }
        let open = try db.fetchRows(
          sql: """
            SELECT id FROM orders INDEXED BY orders_open
            WHERE account_id = ? AND symbol = ? AND is_open = 1 ORDER BY seq
            """,
          arguments: [accountID.rawValue, symbol])
        for order in open {
          guard let id = UUID(uuidString: try order.decode(String.self, atIndex: 0)) else {
            continue
          }
          try Self.change(
            db,
            OrderChange(
              orderID: id, accountID: accountID, version: nil, update: .corporateAction(action),
              time: time))
        }
      }
      return bookings
    }
  }

  /// What `action` does to the account's position in its symbol, written: nil without one.
  static func book(
    _ action: CorporateAction, in accountID: AccountID, period: Int64, at time: Date,
    _ db: Database
  ) throws -> CorporateActionBooking? {
    guard
      let row = try db.fetchRow(
        sql: "SELECT shares, total_cost FROM positions WHERE account_id = ? AND symbol = ?",
        arguments: [accountID.rawValue, action.symbol.rawValue])
    else { return nil }
    let position = Position(
      symbol: action.symbol, shares: try StoredValue.quantity(row.decode(atIndex: 0), "shares"),
      totalCost: try StoredValue.money(row.decode(atIndex: 1), "total_cost"))
    let (booking, after) = CorporateActionBooking.of(
      action, on: position, accountID: accountID, at: time)
    if after != position {
      try db.run(
        sql: "UPDATE positions SET shares = ? WHERE account_id = ? AND symbol = ?",
        arguments: [
          StoredValue.text(after.shares, "shares"), accountID.rawValue, action.symbol.rawValue,
        ])
    }
    if let ratio = action.splitRatio {
      try splitGoals(db, accountID: accountID, symbol: action.symbol, ratio: ratio)
    }
    try insert(booking, period: period, db)
    return booking
  }

  public func payDividends(payableThrough date: MarketDate, at time: Date)
    async throws(StoreError) -> [CorporateActionBooking]
  {
    try await write { db in
      let owed = try db.fetchRows(
        sql: """
          SELECT \(Self.bookingColumns) FROM corporate_action_bookings AS b
          JOIN accounts AS a ON a.id = b.account_id
          WHERE b.paid_at IS NULL AND b.payable_date <= ? AND b.period = a.period
            AND a.closed_at IS NULL
          ORDER BY b.payable_date, b.account_id, b.action_id
          """,
        arguments: [date.description]
      ).map(Self.booking)
      var paid: [CorporateActionBooking] = []
      for var booking in owed {
        guard
          let row = try db.fetchRow(
            sql: "SELECT cash FROM accounts WHERE id = ?", arguments: [booking.accountID.rawValue])
        else { continue }
        let after = try StoredValue.money(row.decode(atIndex: 0), "cash") + booking.amount
        try db.run(
          sql: "UPDATE accounts SET cash = ? WHERE id = ?",
          arguments: [StoredValue.text(after, "cash"), booking.accountID.rawValue])
        try db.run(
          sql: """
            UPDATE corporate_action_bookings SET paid_at = ? WHERE action_id = ? AND account_id = ?
            """,
          arguments: [StoredValue.microseconds(time), booking.actionID, booking.accountID.rawValue])
        booking.paidAt = time
        paid.append(booking)
      }
      return paid
    }
  }

  public func symbolsInUse() async throws(StoreError) -> Set<Symbol> {
    try await read { db in
      let texts = try String.fetchAll(
        db,
        sql: """
          SELECT p.symbol FROM positions AS p JOIN accounts AS a ON a.id = p.account_id
          WHERE a.kind = 'paper' AND a.closed_at IS NULL
          UNION SELECT symbol FROM orders WHERE is_open = 1
          """)
      return Set(
        try texts.map { text throws(StoreError) in try StoredValue.symbol(text, "symbol") })
    }
  }

  public func corporateActionBookings(accountID: AccountID) async throws(StoreError)
    -> [CorporateActionBooking]
  {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT \(Self.bookingColumns) FROM corporate_action_bookings AS b
          JOIN accounts AS a ON a.id = b.account_id
          WHERE b.account_id = ? AND b.period = a.period
          ORDER BY b.ex_date DESC, b.action_id
          """,
        arguments: [accountID.rawValue]
      ).map(Self.booking)
    }
  }

  static let bookingColumns = """
    b.action_id, b.account_id, b.symbol, b.kind, b.shares_before, b.shares_after, b.amount,
    b.ex_date, b.payable_date, b.booked_at, b.paid_at
    """

  static func booking(_ row: Row) throws -> CorporateActionBooking {
    guard let kind = CorporateActionBooking.Kind(rawValue: try row.decode(atIndex: 3)),
      let exDate = MarketDate(try row.decode(String.self, atIndex: 7)),
      let payable = MarketDate(try row.decode(String.self, atIndex: 8))
    else { throw StoreError.corrupt("corporate_action_bookings") }
    return CorporateActionBooking(
      actionID: try row.decode(atIndex: 0), accountID: AccountID(try row.decode(atIndex: 1)),
      symbol: try StoredValue.symbol(row.decode(atIndex: 2), "symbol"), kind: kind,
      sharesBefore: try StoredValue.quantity(row.decode(atIndex: 4), "shares_before"),
      sharesAfter: try StoredValue.quantity(row.decode(atIndex: 5), "shares_after"),
      amount: try StoredValue.money(row.decode(atIndex: 6), "amount"), exDate: exDate,
      payableDate: payable,
      bookedAt: StoredValue.date(microseconds: try row.decode(atIndex: 9)),
      paidAt: (try row.decode(atIndex: 10) as Int64?).map(StoredValue.date(microseconds:)))
  }

  static func insert(_ booking: CorporateActionBooking, period: Int64, _ db: Database) throws {
    try db.run(
      sql: """
        INSERT INTO corporate_action_bookings (action_id, account_id, period, symbol, kind,
          shares_before, shares_after, amount, ex_date, payable_date, booked_at, paid_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        booking.actionID, booking.accountID.rawValue, period, booking.symbol.rawValue,
        booking.kind.rawValue, StoredValue.text(booking.sharesBefore, "shares_before"),
        StoredValue.text(booking.sharesAfter, "shares_after"),
        StoredValue.text(booking.amount, "amount"), booking.exDate.description,
        booking.payableDate.description, StoredValue.microseconds(booking.bookedAt),
        booking.paidAt.map(StoredValue.microseconds),
      ])
  }

  /// Multiplies the shares the account's goals allocate of `symbol` by `ratio`.
  static func splitGoals(_ db: Database, accountID: AccountID, symbol: Symbol, ratio: SplitRatio)
    throws
  {
    let goals = try db.fetchRows(
      sql: "SELECT id, allocations FROM goals WHERE account_id = ?",
      arguments: [accountID.rawValue])
    for goal in goals {
      let allocations = try StoredValue.allocations(json: goal.decode(atIndex: 1))
      let split = allocations.map { $0.split(symbol, ratio) }
      guard split != allocations else { continue }
      try db.run(
        sql: "UPDATE goals SET allocations = ? WHERE id = ?",
        arguments: [StoredValue.allocationsJSON(split), goal.decode(Int64.self, atIndex: 0)])
    }
  }
}
