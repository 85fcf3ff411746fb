import Foundation
import RavenCore
import RavenMarketData

/// The simulated market as a `MarketDataProvider`: every answer is as of the injected
/// clock's "now", so the server and the CLI see a live market, and tests a fixed one.
extension SimulatedMarket: MarketDataProvider {
  public var attribution: DataAttribution { Self.attribution }

  public func quote(for symbol: Symbol) async throws(MarketDataError) -> Quote {
    try quote(for: symbol, at: clock.now)
  }

  public func quotes(for symbols: [Symbol]) async throws(MarketDataError) -> [Symbol: Quote] {
    quotes(for: symbols, at: clock.now)
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    search(matching: query, limit: limit)
  }

  public func profile(for symbol: Symbol) async throws(MarketDataError) -> CompanyProfile {
    try profile(for: symbol, at: clock.now)
  }

  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date
  ) async throws(MarketDataError) -> [Bar] {
    try bars(for: symbol, resolution: resolution, from: from, to: to, asOf: clock.now)
  }

  public func news(for symbol: Symbol, from: Date, to: Date) async throws(MarketDataError)
    -> [NewsArticle]
  {
    try news(for: symbol, from: from, to: to, asOf: clock.now)
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    try peers(for: symbol, limit: 10)
  }

  public func recommendationTrends(for symbol: Symbol) async throws(MarketDataError)
    -> [RecommendationTrend]
  {
    try recommendationTrends(for: symbol, asOf: clock.now)
  }

  public func earnings(for symbol: Symbol) async throws(MarketDataError) -> [EarningsSurprise] {
    try earnings(for: symbol, asOf: clock.now)
  }

  public func socialSentiment(for symbol: Symbol, from: MarketDate, to: MarketDate)
    async throws(MarketDataError) -> SocialSentiment
  {
    try socialSentiment(for: symbol, from: from, to: to, asOf: clock.now)
  }

  public func marketStatus() async throws(MarketDataError) -> MarketStatus {
    marketStatus(at: clock.now)
  }
}
