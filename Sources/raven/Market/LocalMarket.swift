import Foundation
import RavenAPI
import RavenCore
import RavenMarketData

/// The simulated market computed in this process, at the `--at` instant or now.
struct LocalMarket: MarketSource {
  let provider: any MarketDataProvider
  let calendar: NYSECalendar
  let clock: any WallClock

  var server: URL? { nil }

  func now() -> Date { clock.now }

  func quotes(for symbols: [Symbol]) async throws -> [Quote] {
    var quotes: [Quote] = []
    let now = clock.now
    for symbol in symbols { quotes.append(try await provider.quote(for: symbol, at: now)) }
    return quotes
  }

  func search(_ query: String, limit: Int) async throws -> [SearchResult] {
    try await provider.search(query, limit: limit)
  }

  func profile(for symbol: Symbol) async throws -> CompanyProfile {
    try await provider.profile(for: symbol, at: clock.now)
  }

  func peers(for symbol: Symbol) async throws -> [Symbol] {
    try await provider.peers(for: symbol)
  }

  func news(for symbol: Symbol, days: Int) async throws -> [NewsArticle] {
    let now = clock.now
    return try await provider.news(
      for: symbol, from: now.addingTimeInterval(-Double(days) * 86_400), to: now, asOf: now)
  }

  func recommendationTrends(for symbol: Symbol) async throws -> [RecommendationTrend] {
    try await provider.recommendationTrends(for: symbol, asOf: clock.now)
  }

  func earnings(for symbol: Symbol) async throws -> [EarningsSurprise] {
    try await provider.earnings(for: symbol, asOf: clock.now)
  }

  func corporateActions(for symbol: Symbol) async throws -> CorporateActionsBody {
    let now = clock.now
    let quote = try await provider.quote(for: symbol, at: now)
    guard let source = provider as? any CorporateActionSource else {
      return .unserved(symbol)
    }
    return CorporateActionsBody(
      symbol: symbol, source: provider.attribution.name,
      actions: try await source.corporateActions(of: symbol), price: quote.price,
      today: calendar.timeZone.marketDate(of: now))
  }

  func socialSentiment(for symbol: Symbol) async throws -> SocialSentiment {
    let now = clock.now
    let today = calendar.timeZone.marketDate(of: now)
    return try await provider.socialSentiment(
      for: symbol, from: today.adding(days: -MarketSourceDefaults.sentimentDays + 1), to: today,
      asOf: now)
  }

  func marketStatus() async throws -> MarketStatusSummary {
    MarketStatusSummary(
      try await provider.marketStatus(at: clock.now), timeZone: calendar.timeZone)
  }

  func priceChart(for symbol: Symbol, range: ChartRange, points: Int) async throws -> PriceChart {
    try await ChartBuilder(provider: provider, calendar: calendar).priceChart(
      for: symbol, range: range, points: points, now: clock.now)
  }

  func attribution(for kind: MarketDataKind) -> DataAttribution { provider.attribution }
}
