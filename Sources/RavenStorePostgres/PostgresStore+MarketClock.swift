import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func marketClock() async throws(StoreError) -> MarketClockSetting? {
    let text = try await transaction { connection in
      try await connection.rows(
        "SELECT value FROM market_state WHERE key = 'market_clock'", self.logger
      ).first.map { row in try row.decode(String.self) }
    }
    guard let text else { return nil }
    return try StoredJSON.decode(MarketClockSetting.self, text, column: "market_clock")
  }

  public func saveMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError)
  {
    let text = try StoredJSON.encode(setting, "the market's clock")
    try await transaction { connection in
      try await connection.perform(
        """
        INSERT INTO market_state (key, value) VALUES ('market_clock', \(text))
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """, self.logger)
      try await rewindMatching(connection, to: rewindMatchingTo)
    }
  }

  /// Moves the record of the last minute matched back to `instant` when it is later.
  private func rewindMatching(_ connection: PostgresConnection, to instant: Date?) async throws {
    guard let instant else { return }
    let micros = StoredValue.microseconds(instant)
    try await connection.perform(
      """
      UPDATE market_state SET value = \(String(micros))
      WHERE key = 'orders_matched_through' AND value::bigint > \(micros)
      """, logger)
  }

  public func claimMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError) -> (setting: MarketClockSetting, claimed: Bool)
  {
    let text = try StoredJSON.encode(setting, "the market's clock")
    // Under READ COMMITTED a second server's insert waits for the first's commit, then
    // does nothing; its SELECT, a statement of its own, sees the first server's clock.
    let (stored, claimed) = try await transaction { connection in
      let inserted = try await connection.rows(
        """
        INSERT INTO market_state (key, value) VALUES ('market_clock', \(text))
        ON CONFLICT (key) DO NOTHING RETURNING key
        """, self.logger)
      if !inserted.isEmpty { try await self.rewindMatching(connection, to: rewindMatchingTo) }
      let value = try await connection.rows(
        "SELECT value FROM market_state WHERE key = 'market_clock'", self.logger
      ).first.map { row in try row.decode(String.self) }
      return (value, !inserted.isEmpty)
    }
    guard let stored else { throw StoreError.unavailable("the market's clock was not stored") }
    return (try StoredJSON.decode(MarketClockSetting.self, stored, column: "market_clock"), claimed)
  }

  public func latestFill() async throws(StoreError) -> Date? {
    try await transaction { connection in
      try await connection.rows("SELECT max(executed_at) FROM trades", self.logger)
        .first.flatMap { row in try row.decode(Date?.self) }
    }
  }
}
