import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func marketClock() async throws(StoreError) -> MarketClockSetting? {
    let text = try await read { db in
      try db.fetchTexts(
        sql: "SELECT value FROM market_state WHERE key = 'market_clock'", arguments: []
      ).first
    }
    guard let text else { return nil }
    return try StoredJSON.decode(MarketClockSetting.self, text, column: "market_clock")
  }

  public func saveMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError)
  {
    let text = try StoredJSON.encode(setting, "the market's clock")
    try await write { db in
      try db.run(
        sql: """
          INSERT INTO market_state (key, value) VALUES ('market_clock', ?)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value
          """,
        arguments: [text])
      try Self.rewindMatching(db, to: rewindMatchingTo)
    }
  }

  /// Moves the record of the last minute matched back to `instant` when it is later.
  private static func rewindMatching(_ db: Database, to instant: Date?) throws {
    guard let instant else { return }
    let micros = StoredValue.microseconds(instant)
    try db.run(
      sql: """
        UPDATE market_state SET value = ?
        WHERE key = 'orders_matched_through' AND CAST(value AS INTEGER) > ?
        """,
      arguments: [String(micros), micros])
  }

  public func claimMarketClock(_ setting: MarketClockSetting, rewindMatchingTo: Date?)
    async throws(StoreError) -> (setting: MarketClockSetting, claimed: Bool)
  {
    let text = try StoredJSON.encode(setting, "the market's clock")
    let (stored, claimed) = try await write { db in
      try db.run(
        sql: """
          INSERT INTO market_state (key, value) VALUES ('market_clock', ?)
          ON CONFLICT (key) DO NOTHING
          """,
        arguments: [text])
      let claimed = db.changesCount > 0
      if claimed { try Self.rewindMatching(db, to: rewindMatchingTo) }
      return (
        try db.fetchTexts(
          sql: "SELECT value FROM market_state WHERE key = 'market_clock'", arguments: []
        ).first, claimed
      )
    }
    guard let stored else { throw StoreError.unavailable("the market's clock was not stored") }
    return (try StoredJSON.decode(MarketClockSetting.self, stored, column: "market_clock"), claimed)
  }

  public func latestFill() async throws(StoreError) -> Date? {
    try await read { db in
      try Int64.fetchOne(db, sql: "SELECT max(executed_at) FROM trades")
        .map { StoredValue.date(microseconds: $0) }
    }
  }
}
