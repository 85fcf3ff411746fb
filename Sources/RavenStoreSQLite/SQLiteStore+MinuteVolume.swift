import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  /// Records `claim` inside a placement's transaction, or throws `minuteVolumeTaken` with
  /// the side's total when the minute has less left than it claims. SQLite writes one
  /// transaction at a time, so the total read here is the one the claim adds to.
  static func claimVolume(_ claim: MinuteVolumeClaim, _ db: Database) throws {
    let key: StatementArguments = [
      claim.symbol.rawValue, StoredValue.microseconds(claim.minute), claim.side.rawValue,
    ]
    let stored = try db.fetchTexts(
      sql: "SELECT shares FROM minute_volume WHERE symbol = ? AND minute = ? AND side = ?",
      arguments: key
    ).first
    let taken = try stored.map { try StoredValue.exact($0, "shares") } ?? .zero
    let total = taken + claim.shares
    guard total <= claim.ceiling else { throw StoreError.minuteVolumeTaken(taken) }
    try db.run(
      sql: """
        INSERT INTO minute_volume (symbol, minute, side, shares) VALUES (?, ?, ?, ?)
        ON CONFLICT (symbol, minute, side) DO UPDATE SET shares = excluded.shares
        """,
      arguments: key + [try StoredValue.text(total, "shares")])
  }

  public func minuteVolumeTaken(from: Date, to: Date) async throws(StoreError)
    -> [MinuteVolumeTaken]
  {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT symbol, minute, side, shares FROM minute_volume
          WHERE minute >= ? AND minute < ?
          """,
        arguments: [StoredValue.microseconds(from), StoredValue.microseconds(to)]
      ).map { row in
        MinuteVolumeTaken(
          symbol: try StoredValue.symbol(row.decode(atIndex: 0), "symbol"),
          minute: StoredValue.date(microseconds: try row.decode(atIndex: 1)),
          side: try StoredValue.side(row.decode(atIndex: 2)),
          shares: try StoredValue.exact(row.decode(atIndex: 3), "shares"))
      }
    }
  }

  public func forgetMinuteVolume(before minute: Date) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: "DELETE FROM minute_volume WHERE minute < ?",
        arguments: [StoredValue.microseconds(minute)])
    }
  }
}
