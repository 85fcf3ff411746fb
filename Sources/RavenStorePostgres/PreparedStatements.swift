import PostgresNIO

/// The statements every `/v2` order and account read runs, prepared once on each pooled
/// connection (PostgresNIO prepares a statement the first time a connection runs it) and
/// from then on only bound and run: parsing and planning them anew on every call was two
/// fifths of the database's work under load (BENCHMARKS.md, issue 38). Each names the
/// types of its parameters, so a first call with a null cannot fix a wrong one.
protocol RavenPreparedStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension RavenPreparedStatement {
  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresConnection {
  /// Runs a prepared statement and collects its rows (a page at most).
  func rows<Statement: RavenPreparedStatement>(_ statement: Statement, _ logger: Logger)
    async throws -> [PostgresRow]
  {
    let rows: AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow> = try await execute(
      statement, logger: logger)
    var collected: [PostgresRow] = []
    for try await row in rows { collected.append(row) }
    return collected
  }
}

/// A statement of one account, its id the only parameter.
protocol AccountStatement: RavenPreparedStatement {
  var account: Int64 { get }
}

extension AccountStatement {
  static var bindingDataTypes: [PostgresDataType] { [.int8] }

  func makeBindings() -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 1)
    bindings.append(account)
    return bindings
  }
}

/// An account's cash, amounts, settings, positions and open orders' holds
/// (`PostgresStore.account(accountID:)`).
struct AccountSnapshotStatement: AccountStatement {
  static let name = "raven_account_snapshot"
  static let sql = """
    SELECT a.cash::text, a.starting_cash::text, a.realized_profit::text,
      a.period_started_at, a.settings,
      COALESCE((
        SELECT json_agg(json_build_array(p.symbol, p.shares::text, p.total_cost::text)
          ORDER BY p.sort_order, p.symbol)
        FROM positions AS p WHERE p.account_id = a.id), '[]')::text,
      \(PostgresStore.holdsJSON(of: "a.id"))
    FROM accounts AS a
    WHERE a.id = $1
    """

  var account: Int64
}

/// Locks an account's row for the transaction and reads it (`lockAccount`).
struct LockAccountStatement: AccountStatement {
  static let name = "raven_lock_account"
  static let sql = """
    SELECT cash::text, realized_profit::text, user_id, kind, closed_at IS NOT NULL, settings
    FROM accounts WHERE id = $1 FOR UPDATE
    """

  var account: Int64
}

/// A placement's lock and reads (`lockForPlacement`).
struct PlacementLockStatement: RavenPreparedStatement {
  static let name = "raven_lock_for_placement"
  static let sql = "SELECT * FROM raven_lock_for_placement($1, $2, $3)"
  static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .text]

  var account: Int64
  var symbol: String
  var clientOrderID: String

  func makeBindings() -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 3)
    bindings.append(account)
    bindings.append(symbol)
    bindings.append(clientOrderID)
    return bindings
  }
}

/// An order change's locks and reads (`lockForChange`).
struct ChangeLockStatement: RavenPreparedStatement {
  static let name = "raven_lock_for_change"
  static let sql = "SELECT * FROM raven_lock_for_change($1, $2, $3)"
  static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .bool]

  var account: Int64
  var orderID: String
  var readingHolds: Bool

  func makeBindings() -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 3)
    bindings.append(account)
    bindings.append(orderID)
    bindings.append(readingHolds)
    return bindings
  }
}
