import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func bookCorporateAction(_ action: CorporateAction, at time: Date)
    async throws(StoreError) -> [CorporateActionBooking]
  {
    try await transaction { connection in
      let symbol = action.symbol.rawValue
      // Every open paper account the action touches: those holding the symbol, and those
      // with an open order in it.
      let touched = try await connection.rows(
        """
        SELECT a.id, a.period FROM accounts AS a
        WHERE a.kind = 'paper' AND a.closed_at IS NULL
          AND (EXISTS (SELECT 1 FROM positions AS p WHERE p.account_id = a.id AND p.symbol = \(symbol))
            OR EXISTS (SELECT 1 FROM orders AS o
              WHERE o.account_id = a.id AND o.symbol = \(symbol) AND o.is_open))
        ORDER BY a.id
        """, self.logger
      ).map { row in try row.decode((Int64, Int64).self) }
      var bookings: [CorporateActionBooking] = []
      for (account, period) in touched {
        let accountID = AccountID(account)
        // Each account once: a second server asking at once waits here for the first to
        // commit, then finds it booked.
        let claimed = try await connection.rows(
          """
          INSERT INTO corporate_actions_booked (action_id, account_id, booked_at)
          VALUES (\(action.id), \(account), \(PostgresTimestamp(time)))
          ON CONFLICT (action_id, account_id) DO NOTHING RETURNING action_id
          """, self.logger)
        guard !claimed.isEmpty else { continue }
        _ = try await self.lockAccount(connection, accountID: accountID)
        if let position = try await self.position(
          connection, accountID: accountID, symbol: action.symbol)
        {
          let (booking, after) = CorporateActionBooking.of(
            action, on: position, accountID: accountID, at: time)
          if after != position {
            try await connection.perform(
              """
              UPDATE positions SET shares = \(try StoredValue.text(after.shares, "shares"))::numeric
              WHERE account_id = \(account) AND symbol = \(symbol)
              """, self.logger)
          }
          if let ratio = action.splitRatio {
            try await self.splitGoals(
              connection, accountID: accountID, symbol: action.symbol, ratio: ratio)
          }
          try await self.insert(booking, period: period, connection)
          bookings.append(booking)
        }
        let open = try await connection.rows(
          """
          SELECT id FROM orders
          WHERE account_id = \(account) AND symbol = \(symbol) AND is_open ORDER BY seq
          """, self.logger
        ).map { row in try row.decode(String.self) }
        for id in open {
          guard let orderID = UUID(uuidString: id) else { continue }
          try await self.change(
            connection,
            OrderChange(
              orderID: orderID, accountID: accountID, version: nil,
              update: .corporateAction(action), time: time))
        }
      }
      return bookings
    }
  }

  public func payDividends(payableThrough date: MarketDate, at time: Date)
    async throws(StoreError) -> [CorporateActionBooking]
  {
    try await transaction { connection in
      let owed = try await connection.rows(
        """
        SELECT \(unescaped: Self.bookingColumns) FROM corporate_action_bookings AS b
        JOIN accounts AS a ON a.id = b.account_id
        WHERE b.paid_at IS NULL AND b.payable_date <= \(date.description)
          AND b.period = a.period AND a.closed_at IS NULL
        ORDER BY b.account_id, b.payable_date, b.action_id
        FOR UPDATE OF b
        """, self.logger
      ).map(Self.booking)
      var paid: [CorporateActionBooking] = []
      for var booking in owed {
        let account = try await self.lockAccount(connection, accountID: booking.accountID)
        let cash = try StoredValue.text(account.cash + booking.amount, "cash")
        try await connection.perform(
          "UPDATE accounts SET cash = \(cash)::numeric WHERE id = \(booking.accountID.rawValue)",
          self.logger)
        try await connection.perform(
          """
          UPDATE corporate_action_bookings SET paid_at = \(PostgresTimestamp(time))
          WHERE action_id = \(booking.actionID) AND account_id = \(booking.accountID.rawValue)
          """, self.logger)
        booking.paidAt = time
        paid.append(booking)
      }
      return paid
    }
  }

  public func symbolsInUse() async throws(StoreError) -> Set<Symbol> {
    try await connection { connection in
      let rows = try await connection.rows(
        """
        SELECT p.symbol FROM positions AS p JOIN accounts AS a ON a.id = p.account_id
        WHERE a.kind = 'paper' AND a.closed_at IS NULL
        UNION SELECT symbol FROM orders WHERE is_open
        """, self.logger)
      return Set(try rows.map { try StoredValue.symbol($0.decode(String.self), "symbol") })
    }
  }

  public func corporateActionBookings(accountID: AccountID) async throws(StoreError)
    -> [CorporateActionBooking]
  {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT \(unescaped: Self.bookingColumns) FROM corporate_action_bookings AS b
        JOIN accounts AS a ON a.id = b.account_id
        WHERE b.account_id = \(accountID.rawValue) AND b.period = a.period
        ORDER BY b.ex_date DESC, b.action_id
        """, self.logger
      ).map(Self.booking)
    }
  }

  static let bookingColumns = """
    b.action_id, b.account_id, b.symbol, b.kind, b.shares_before::text, b.shares_after::text,
    b.amount::text, b.ex_date, b.payable_date, b.booked_at, b.paid_at
    """

  static func booking(_ row: PostgresRow) throws -> CorporateActionBooking {
    let (
      actionID, account, symbol, kindText, before, after, amount, ex, payable, bookedAt, paidAt
    ) =
      try row.decode(
        (
          String, Int64, String, String, String, String, String, String, String, PostgresTimestamp,
          PostgresTimestamp?
        ).self)
    guard let kind = CorporateActionBooking.Kind(rawValue: kindText),
      let exDate = MarketDate(ex), let payableDate = MarketDate(payable)
    else { throw StoreError.corrupt("corporate_action_bookings") }
    return CorporateActionBooking(
      actionID: actionID, accountID: AccountID(account),
      symbol: try StoredValue.symbol(symbol, "symbol"), kind: kind,
      sharesBefore: try StoredValue.quantity(before, "shares_before"),
      sharesAfter: try StoredValue.quantity(after, "shares_after"),
      amount: try StoredValue.money(amount, "amount"), exDate: exDate, payableDate: payableDate,
      bookedAt: bookedAt.date, paidAt: paidAt?.date)
  }

  func insert(_ booking: CorporateActionBooking, period: Int64, _ connection: PostgresConnection)
    async throws
  {
    try await connection.perform(
      """
      INSERT INTO corporate_action_bookings (action_id, account_id, period, symbol, kind,
        shares_before, shares_after, amount, ex_date, payable_date, booked_at, paid_at)
      VALUES (\(booking.actionID), \(booking.accountID.rawValue), \(period),
        \(booking.symbol.rawValue), \(booking.kind.rawValue),
        \(try StoredValue.text(booking.sharesBefore, "shares_before"))::numeric,
        \(try StoredValue.text(booking.sharesAfter, "shares_after"))::numeric,
        \(try StoredValue.text(booking.amount, "amount"))::numeric,
        \(booking.exDate.description), \(booking.payableDate.description),
        \(PostgresTimestamp(booking.bookedAt)), \(booking.paidAt.map(PostgresTimestamp.init)))
      """, self.logger)
  }

  /// Multiplies the shares the account's goals allocate of `symbol` by `ratio`.
  func splitGoals(
    _ connection: PostgresConnection, accountID: AccountID, symbol: Symbol, ratio: SplitRatio
  ) async throws {
    let goals = try await connection.rows(
      "SELECT id, allocations::text FROM goals WHERE account_id = \(accountID.rawValue)",
      self.logger)
    for goal in goals {
      let (id, json) = try goal.decode((Int64, String).self)
      let allocations = try StoredValue.allocations(json: json)
      let split = allocations.map { $0.split(symbol, ratio) }
      guard split != allocations else { continue }
      try await connection.perform(
        """
        UPDATE goals SET allocations = \(try StoredValue.allocationsJSON(split))::jsonb
        WHERE id = \(id)
        """, self.logger)
    }
  }
}
