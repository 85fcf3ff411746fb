import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func sessionCloses(of symbol: Symbol, from: MarketDate, through: MarketDate)
    async throws(StoreError) -> [SessionClose]
  {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT session_date, close::text, source FROM session_closes
        WHERE symbol = \(symbol.rawValue) AND session_date >= \(from.description)
          AND session_date <= \(through.description)
        ORDER BY session_date
        """, self.logger
      ).map { row in
        let (dateText, close, source) = try row.decode((String, String, String).self)
        guard let date = MarketDate(dateText) else {
          throw StoredValue.corrupt("session_date", dateText)
        }
        return SessionClose(
          symbol: symbol, date: date, close: try StoredValue.price(close, "close"), source: source)
      }
    }
  }

  public func keepSessionCloses(_ closes: [SessionClose]) async throws(StoreError) {
    guard !closes.isEmpty else { return }
    var prices: [String] = []
    for close in closes { prices.append(try StoredValue.text(close.close, "close")) }
    let symbols = closes.map(\.symbol.rawValue)
    let dates = closes.map(\.date.description)
    let sources = closes.map(\.source)
    // One statement for the lot; a session another server kept first keeps its close.
    try await connection { connection in
      try await connection.perform(
        """
        INSERT INTO session_closes (symbol, session_date, close, source)
        SELECT * FROM unnest(\(symbols)::text[], \(dates)::text[], \(prices)::numeric[],
          \(sources)::text[])
        ON CONFLICT (symbol, session_date) DO NOTHING
        """, self.logger)
    }
  }
}
