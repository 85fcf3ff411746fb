import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  /// Records `claim` inside a placement's transaction, or throws `minuteVolumeTaken` with
  /// the side's total when the minute has less left than it claims. One statement: the
  /// upsert's row lock makes servers placing on the same minute add to it one at a time,
  /// each checking the total the one before committed.
  func claimVolume(_ claim: MinuteVolumeClaim, _ connection: PostgresConnection) async throws {
    let symbol = claim.symbol.rawValue
    let minute = StoredValue.microseconds(claim.minute)
    let side = claim.side.rawValue
    let shares = try StoredValue.text(claim.shares, "shares")
    let ceiling = try StoredValue.text(claim.ceiling, "ceiling")
    let recorded = try await connection.rows(
      """
      INSERT INTO minute_volume (symbol, minute, side, shares)
      VALUES (\(symbol), \(minute), \(side), \(shares)::numeric)
      ON CONFLICT (symbol, minute, side) DO UPDATE
      SET shares = minute_volume.shares + excluded.shares
      WHERE minute_volume.shares + excluded.shares <= \(ceiling)::numeric
      RETURNING 1
      """, logger)
    guard recorded.isEmpty else { return }
    throw try await volumeTaken(claim, connection)
  }

  /// The refusal of `claim`, with the total it was refused on: the minute's row is locked
  /// by the refused upsert until the transaction rolls back, so this reads that total.
  func volumeTaken(_ claim: MinuteVolumeClaim, _ connection: PostgresConnection) async throws
    -> StoreError
  {
    let taken = try await connection.rows(
      """
      SELECT shares::text FROM minute_volume
      WHERE symbol = \(claim.symbol.rawValue) AND minute = \(StoredValue.microseconds(claim.minute))
        AND side = \(claim.side.rawValue)
      """, logger
    ).first.map { row in try StoredValue.exact(row.decode(String.self), "shares") }
    return StoreError.minuteVolumeTaken(taken ?? .zero)
  }

  public func minuteVolumeTaken(from: Date, to: Date) async throws(StoreError)
    -> [MinuteVolumeTaken]
  {
    let start = StoredValue.microseconds(from)
    let end = StoredValue.microseconds(to)
    return try await connection { connection in
      try await connection.rows(
        """
        SELECT symbol, minute, side, shares::text FROM minute_volume
        WHERE minute >= \(start) AND minute < \(end)
        """, self.logger
      ).map { row in
        let (symbol, minute, side, shares) = try row.decode((String, Int64, String, String).self)
        return MinuteVolumeTaken(
          symbol: try StoredValue.symbol(symbol, "symbol"),
          minute: StoredValue.date(microseconds: minute), side: try StoredValue.side(side),
          shares: try StoredValue.exact(shares, "shares"))
      }
    }
  }

  public func forgetMinuteVolume(before minute: Date) async throws(StoreError) {
    let micros = StoredValue.microseconds(minute)
    try await connection { connection in
      try await connection.perform(
        "DELETE FROM minute_volume WHERE minute < \(micros)", self.logger)
    }
  }
}
