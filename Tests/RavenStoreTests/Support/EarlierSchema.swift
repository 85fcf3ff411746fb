import Foundation
import RavenCore
import RavenStore

/// Rows written as an earlier release wrote them, in raw SQL on a database migrated only
/// so far (`Store.migrate(through:)`): what a migration finds on an upgrade.
struct EarlierSchema {
  let kind: StoreKind
  let sql: @Sendable (String) async throws -> [String]

  /// A time as the store's column keeps it.
  func time(_ date: Date) -> String {
    let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    return switch kind {
    case .sqlite: "\(micros)"
    case .postgres: "to_timestamp(\(micros)::double precision / 1000000)"
    }
  }

  /// A user with their ledger (the schema from version 2 on) and `trades` (side, shares,
  /// price, amount, realized profit, cash after, time), as the trades table was before
  /// orders; returns the user.
  func user(
    _ name: String, cash: String,
    trades: [(String, String, String, String, String, String, Date)] = []
  ) async throws -> User {
    _ = try await sql(
      """
      INSERT INTO users (username, password_hash, created_at)
      VALUES ('\(name)', 'hash', \(time(start)))
      """)
    let id = try require(
      try await sql("SELECT CAST(id AS TEXT) FROM users WHERE username = '\(name)'").first.flatMap(
        Int64.init))
    _ = try await sql(
      """
      INSERT INTO accounts (user_id, cash, starting_cash, realized_profit)
      VALUES (\(id), '\(cash)', '10000', '0')
      """)
    for (side, shares, price, amount, profit, after, date) in trades {
      _ = try await sql(
        """
        INSERT INTO trades (user_id, symbol, side, shares, price, amount, realized_profit,
          cash_after, executed_at)
        VALUES (\(id), 'AAPL', '\(side)', '\(shares)', '\(price)', '\(amount)', '\(profit)',
          '\(after)', \(time(date)))
        """)
    }
    return User(id: UserID(id), username: name, createdAt: start)
  }
}

extension StoreKind {
  var isPostgres: Bool { if case .postgres = self { true } else { false } }
}

/// `#require` without Testing's macro, for a helper that is not a test.
private func require<T>(_ value: T?) throws -> T {
  guard let value else { throw StoreError.notFound }
  return value
}
