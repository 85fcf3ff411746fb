import Foundation
import RavenAPI
import RavenCore
import RavenMarketData

/// Where the market commands get their answers: the simulated market computed on this
/// machine (`LocalMarket`), or a Raven server's market (`ServerMarket`), so that a
/// signed-in user sees the prices they trade at.
protocol MarketSource: Sendable {
  /// The market's current instant: the `--at` instant, or the server's clock.
  func now() async throws -> Date

  /// Quotes in the order asked.
  func quotes(for symbols: [Symbol]) async throws -> [Quote]
  func search(_ query: String, limit: Int) async throws -> [SearchResult]
  func profile(for symbol: Symbol) async throws -> CompanyProfile
  func peers(for symbol: Symbol) async throws -> [Symbol]
  /// Stories of the last `days` days, newest first.
  func news(for symbol: Symbol, days: Int) async throws -> [NewsArticle]
  func recommendationTrends(for symbol: Symbol) async throws -> [RecommendationTrend]
  func earnings(for symbol: Symbol) async throws -> [EarningsSurprise]
  /// Splits and dividends declared by now, newest first, with the yield and what is next.
  func corporateActions(for symbol: Symbol) async throws -> CorporateActionsBody
  /// Social sentiment summed over the last `MarketSourceDefaults.sentimentDays` days.
  func socialSentiment(for symbol: Symbol) async throws -> SocialSentiment
  func marketStatus() async throws -> MarketStatusSummary
  func priceChart(for symbol: Symbol, range: ChartRange, points: Int) async throws -> PriceChart

  /// Who serves `kind`, for the line under a table.
  func attribution(for kind: MarketDataKind) async throws -> DataAttribution
  /// The server asked, if any, named in that line.
  var server: URL? { get }
}

enum MarketSourceDefaults {
  /// Sentiment is summed over this many days up to today (the server's default too).
  static let sentimentDays = 30
}

/// The line naming where the data came from, under every table.
enum Attribution {
  static func line(_ source: DataAttribution, server: URL?) -> String {
    let kind = source.isSimulated ? " (simulated prices, not real market data)" : ""
    let via = server.map { ", via the Raven server at \($0.absoluteString)" } ?? ""
    return "Source: \(source.name)\(kind)\(via)"
  }

  static func line(_ market: any MarketSource, for kind: MarketDataKind) async throws -> String {
    line(try await market.attribution(for: kind), server: market.server)
  }
}
