import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func sessionCloses(of symbol: Symbol, from: MarketDate, through: MarketDate)
    async throws(StoreError) -> [SessionClose]
  {
    try await read { db in
      try db.fetchRows(
        sql: """
          SELECT session_date, close, source FROM session_closes
          WHERE symbol = ? AND session_date >= ? AND session_date <= ?
          ORDER BY session_date
          """,
        arguments: [symbol.rawValue, from.description, through.description]
      ).map { row in try Self.sessionClose(row, of: symbol) }
    }
  }

  static func sessionClose(_ row: Row, of symbol: Symbol) throws -> SessionClose {
    let dateText: String = try row.decode(atIndex: 0)
    guard let date = MarketDate(dateText) else {
      throw StoredValue.corrupt("session_date", dateText)
    }
    return SessionClose(
      symbol: symbol, date: date, close: try StoredValue.price(row.decode(atIndex: 1), "close"),
      source: try row.decode(atIndex: 2))
  }

  public func keepSessionCloses(_ closes: [SessionClose]) async throws(StoreError) {
    guard !closes.isEmpty else { return }
    try await write { db in
      for close in closes {
        try db.run(
          sql: """
            INSERT INTO session_closes (symbol, session_date, close, source) VALUES (?, ?, ?, ?)
            ON CONFLICT (symbol, session_date) DO NOTHING
            """,
          arguments: [
            close.symbol.rawValue, close.date.description,
            try StoredValue.text(close.close, "close"), close.source,
          ])
      }
    }
  }
}
