import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func goals(accountID: AccountID) async throws(StoreError) -> [GoalRecord] {
    try await read { db in try Self.goals(db, accountID: accountID) }
  }

  public func goal(id: GoalID, accountID: AccountID) async throws(StoreError) -> GoalRecord {
    try await read { db in
      guard let record = try Self.goals(db, accountID: accountID, id: id).first else {
        throw StoreError.notFound
      }
      return record
    }
  }

  public func saveGoal(
    _ goal: Goal, id: GoalID?, accountID: AccountID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord {
    let time = StoredValue.normalized(time)
    let allocations = try StoredValue.allocationsJSON(goal.allocations)
    let target = try StoredValue.text(goal.target, "target")
    // Checked and written in one write transaction: no trade or other goal can change
    // the holdings or allocations in between.
    return try await write { db in
      guard
        try db.fetchRow(
          sql: "SELECT 1 FROM accounts WHERE id = ?", arguments: [accountID.rawValue])
          != nil
      else { throw StoreError.notFound }
      let existing = try Self.goals(db, accountID: accountID)
      let replaced = id.flatMap { id in existing.first { $0.id == id } }
      if id != nil, replaced == nil { throw StoreError.notFound }
      let held =
        try holdings
        ?? Dictionary(
          try Self.positions(db, accountID: accountID).map { ($0.symbol, $0.shares) },
          uniquingKeysWith: { first, _ in first })
      let others = existing.filter { $0.id != id }.map(\.goal)
      try StoreError.goalRule { () throws(GoalError) in
        try GoalCheck.validate(goal, others: others, holdings: held)
      }
      if let replaced {
        try db.run(
          sql: """
            UPDATE goals SET title = ?, description = ?, target = ?, allocations = ?,
              updated_at = ?
            WHERE id = ? AND account_id = ?
            """,
          arguments: [
            goal.title, goal.description, target, allocations,
            StoredValue.microseconds(time), replaced.id.rawValue, accountID.rawValue,
          ])
        return GoalRecord(
          id: replaced.id, goal: goal, createdAt: replaced.createdAt, updatedAt: time)
      }
      try db.run(
        sql: """
          INSERT INTO goals (account_id, title, description, target, allocations, created_at,
            updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          accountID.rawValue, goal.title, goal.description, target, allocations,
          StoredValue.microseconds(time), StoredValue.microseconds(time),
        ])
      return GoalRecord(
        id: GoalID(db.lastInsertedRowID), goal: goal, createdAt: time, updatedAt: time)
    }
  }

  public func deleteGoal(id: GoalID, accountID: AccountID) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM goals WHERE id = ? AND account_id = ?",
        arguments: [id.rawValue, accountID.rawValue])
      guard db.changesCount > 0 else { throw StoreError.notFound }
    }
  }

  /// The account's goals (or the one with `id`), oldest first.
  private static func goals(_ db: Database, accountID: AccountID, id: GoalID? = nil) throws
    -> [GoalRecord]
  {
    try db.fetchRows(
      sql: """
        SELECT id, title, description, target, allocations, created_at, updated_at FROM goals
        WHERE account_id = ? AND (? IS NULL OR id = ?) ORDER BY id
        """,
      arguments: [accountID.rawValue, id?.rawValue, id?.rawValue]
    ).map { row in
      GoalRecord(
        id: GoalID(try row.decode(atIndex: 0)),
        goal: Goal(
          title: try row.decode(atIndex: 1), description: try row.decode(atIndex: 2),
          target: try StoredValue.money(row.decode(atIndex: 3), "target"),
          allocations: try StoredValue.allocations(json: row.decode(atIndex: 4))),
        createdAt: StoredValue.date(microseconds: try row.decode(atIndex: 5)),
        updatedAt: StoredValue.date(microseconds: try row.decode(atIndex: 6)))
    }
  }
}
