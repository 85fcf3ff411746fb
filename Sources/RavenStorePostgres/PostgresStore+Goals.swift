import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func goals(accountID: AccountID) async throws(StoreError) -> [GoalRecord] {
    try await connection { connection in try await self.goals(connection, accountID: accountID) }
  }

  public func goal(id: GoalID, accountID: AccountID) async throws(StoreError) -> GoalRecord {
    let record = try await connection { connection in
      try await self.goals(connection, accountID: accountID, id: id).first
    }
    guard let record else { throw .notFound }
    return record
  }

  public func saveGoal(
    _ goal: Goal, id: GoalID?, accountID: AccountID, holdings: [Symbol: Quantity]?, at time: Date
  ) async throws(StoreError) -> GoalRecord {
    let now = PostgresTimestamp(time)
    let allocations = try StoredValue.allocationsJSON(goal.allocations)
    let target = try StoredValue.text(goal.target, "target")
    return try await transaction { connection in
      // The account lock keeps trades and other goal saves of this user out until the
      // check below is committed: two goals cannot each take the last free shares.
      _ = try await self.lockAccount(connection, accountID: accountID)
      let existing = try await self.goals(connection, accountID: accountID)
      let replaced = id.flatMap { id in existing.first { $0.id == id } }
      if id != nil, replaced == nil { throw StoreError.notFound }
      let held: [Symbol: Quantity]
      if let holdings {
        held = holdings
      } else {
        held = Dictionary(
          try await self.positions(connection, accountID: accountID).map { ($0.symbol, $0.shares) },
          uniquingKeysWith: { first, _ in first })
      }
      let others = existing.filter { $0.id != id }.map(\.goal)
      try StoreError.goalRule { () throws(GoalError) in
        try GoalCheck.validate(goal, others: others, holdings: held)
      }
      if let replaced {
        try await connection.perform(
          """
          UPDATE goals SET title = \(goal.title), description = \(goal.description),
            target = \(target)::numeric, allocations = \(allocations)::jsonb,
            updated_at = \(now)
          WHERE id = \(replaced.id.rawValue) AND account_id = \(accountID.rawValue)
          """, self.logger)
        return GoalRecord(
          id: replaced.id, goal: goal, createdAt: replaced.createdAt, updatedAt: now.date)
      }
      let rows = try await connection.rows(
        """
        INSERT INTO goals (account_id, title, description, target, allocations, created_at,
          updated_at)
        VALUES (\(accountID.rawValue), \(goal.title), \(goal.description),
          \(target)::numeric, \(allocations)::jsonb, \(now), \(now))
        RETURNING id
        """, self.logger)
      guard let newID = try rows.first?.decode(Int64.self) else {
        throw StoreError.unavailable("the goal was not recorded")
      }
      return GoalRecord(id: GoalID(newID), goal: goal, createdAt: now.date, updatedAt: now.date)
    }
  }

  public func deleteGoal(id: GoalID, accountID: AccountID) async throws(StoreError) {
    let deleted = try await connection { connection in
      try await connection.rows(
        """
        DELETE FROM goals WHERE id = \(id.rawValue) AND account_id = \(accountID.rawValue) RETURNING id
        """, self.logger
      ).count
    }
    guard deleted > 0 else { throw .notFound }
  }

  /// The user's goals (or the one with `id`), oldest first.
  private func goals(_ connection: PostgresConnection, accountID: AccountID, id: GoalID? = nil)
    async throws -> [GoalRecord]
  {
    try await connection.rows(
      """
      SELECT id, title, description, target::text, allocations::text, created_at, updated_at
      FROM goals WHERE account_id = \(accountID.rawValue)
        AND (\(id?.rawValue)::bigint IS NULL OR id = \(id?.rawValue))
      ORDER BY id
      """, logger
    ).map { row in
      let (id, title, description, target, allocations, createdAt, updatedAt) = try row.decode(
        (Int64, String, String, String, String, PostgresTimestamp, PostgresTimestamp).self)
      return GoalRecord(
        id: GoalID(id),
        goal: Goal(
          title: title, description: description,
          target: try StoredValue.money(target, "target"),
          allocations: try StoredValue.allocations(json: allocations)),
        createdAt: createdAt.date, updatedAt: updatedAt.date)
    }
  }
}
