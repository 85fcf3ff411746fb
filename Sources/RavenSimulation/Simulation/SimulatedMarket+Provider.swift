import Foundation
import RavenCore
import RavenMarketData

/// The simulated market as a `MarketDataProvider`. Its answers for an instant are the
/// `…(at:)` and `…(asOf:)` methods themselves: the market is a pure function of the
/// instant, so the server's clock, a test's fixed one and a backtest's own all ask
/// the same market.
extension SimulatedMarket: MarketDataProvider {
  public var attribution: DataAttribution { Self.attribution }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    search(matching: query, limit: limit)
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    try peers(for: symbol, limit: 10)
  }
}
