import Foundation
import RavenAPI
import RavenCore
import RavenMarketData

/// A Raven server's market, through its public API: the quotes a signed-in user sees are
/// the prices their trades fill at, whatever the server's market data comes from.
struct ServerMarket: MarketSource {
  let client: RavenAPIClient

  var server: URL? { client.server }

  func now() async throws -> Date {
    try await client.send(.GET, "healthz", as: HealthBody.self).time
  }

  func quotes(for symbols: [Symbol]) async throws -> [Quote] {
    try await client.send(
      .GET, "api/v1/quotes", query: ["symbols": symbols.map(\.rawValue).joined(separator: ",")],
      as: QuotesBody.self
    ).quotes
  }

  func search(_ query: String, limit: Int) async throws -> [SearchResult] {
    try await client.send(
      .GET, "api/v1/search", query: ["q": query, "limit": String(limit)],
      as: SearchResultsBody.self
    ).results
  }

  func profile(for symbol: Symbol) async throws -> CompanyProfile {
    try await client.send(.GET, stock(symbol, "profile"), as: CompanyProfile.self)
  }

  func peers(for symbol: Symbol) async throws -> [Symbol] {
    try await client.send(.GET, stock(symbol, "peers"), as: PeersBody.self).peers
  }

  func news(for symbol: Symbol, days: Int) async throws -> [NewsArticle] {
    try await client.send(
      .GET, stock(symbol, "news"), query: ["days": String(days)], as: ArticlesBody.self
    ).articles
  }

  func recommendationTrends(for symbol: Symbol) async throws -> [RecommendationTrend] {
    try await client.send(.GET, stock(symbol, "recommendations"), as: TrendsBody.self).trends
  }

  func earnings(for symbol: Symbol) async throws -> [EarningsSurprise] {
    try await client.send(.GET, stock(symbol, "earnings"), as: QuartersBody.self).quarters
  }

  func corporateActions(for symbol: Symbol) async throws -> CorporateActionsBody {
    try await client.send(
      .GET, stock(symbol, "corporate-actions"), as: CorporateActionsBody.self)
  }

  /// The server's default window is the same 30 days up to its today.
  func socialSentiment(for symbol: Symbol) async throws -> SocialSentiment {
    try await client.send(.GET, stock(symbol, "sentiment"), as: SocialSentiment.self)
  }

  func marketStatus() async throws -> MarketStatusSummary {
    try await client.send(.GET, "api/v1/market/status", as: MarketStatusSummary.self)
  }

  func priceChart(for symbol: Symbol, range: ChartRange, points: Int) async throws -> PriceChart {
    try await client.send(
      .GET, stock(symbol, "chart"), query: ["range": range.rawValue, "points": String(points)],
      as: PriceChart.self)
  }

  /// Who the server asks first for `kind`.
  func attribution(for kind: MarketDataKind) async throws -> DataAttribution {
    let report = try await client.send(.GET, "api/v1/market/providers", as: ProvidersBody.self)
    return report.sources[kind.rawValue]
      ?? DataAttribution(name: "unknown", url: nil, isSimulated: false)
  }

  private func stock(_ symbol: Symbol, _ what: String) -> String {
    "api/v1/stocks/\(symbol.rawValue)/\(what)"
  }
}
