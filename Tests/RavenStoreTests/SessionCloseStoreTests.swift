import Foundation
import RavenCore
import RavenStore
import Testing

/// Each session's closes as a live provider first gave them, in both stores (issue 35).
extension StoreConformance {
  @Test(
    "Session closes: kept once per symbol and session, the first write wins, read by date range",
    arguments: StoreKind.available)
  func sessionCloses(kind: StoreKind) async throws {
    try await kind.withStore { store in
      func close(_ symbol: Symbol, _ date: String, _ price: String, _ source: String = "Finnhub")
        -> SessionClose
      {
        SessionClose(symbol: symbol, date: MarketDate(date)!, close: .text(price), source: source)
      }
      try await store.keepSessionCloses([
        close("AAPL", "2026-11-18", "228.0125"), close("AAPL", "2026-11-19", "230.10"),
        close("MSFT", "2026-11-19", "410.00"),
      ])
      // A restated close, a second server's write of the same day: the first stays.
      try await store.keepSessionCloses([
        close("AAPL", "2026-11-19", "231.00", "Alpaca"), close("AAPL", "2026-11-20", "232.50"),
      ])
      try await store.keepSessionCloses([])
      let all = try await store.sessionCloses(
        of: "AAPL", from: MarketDate("2026-11-01")!, through: MarketDate("2026-11-30")!)
      #expect(all.map(\.date.description) == ["2026-11-18", "2026-11-19", "2026-11-20"])
      #expect(all.map(\.close) == [.text("228.0125"), .text("230.10"), .text("232.50")])
      #expect(all[1].source == "Finnhub")
      let inner = try await store.sessionCloses(
        of: "AAPL", from: MarketDate("2026-11-19")!, through: MarketDate("2026-11-19")!)
      #expect(inner == [close("AAPL", "2026-11-19", "230.10")])
      #expect(
        try await store.sessionCloses(
          of: "KO", from: MarketDate("2026-11-01")!, through: MarketDate("2026-11-30")!
        ).isEmpty)
    }
  }
}
