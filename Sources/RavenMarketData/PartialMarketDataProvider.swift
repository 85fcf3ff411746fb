import Foundation
import RavenCore

/// A provider that serves only some kinds of market data (an upstream without analyst
/// data, say). It implements the kinds it serves; every other kind throws
/// `unsupported`, which takes the provider off that kind's route in a `MarketGateway`.
public protocol PartialMarketDataProvider: MarketDataProvider {}

extension PartialMarketDataProvider {
  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    throw .unsupported(MarketDataKind.search.description)
  }

  public func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile
  {
    throw .unsupported(MarketDataKind.profile.description)
  }

  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    throw .unsupported(MarketDataKind.news.description)
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    throw .unsupported(MarketDataKind.peers.description)
  }

  public func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]
  {
    throw .unsupported(MarketDataKind.recommendationTrends.description)
  }

  public func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]
  {
    throw .unsupported(MarketDataKind.earnings.description)
  }

  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) async throws(MarketDataError) -> SocialSentiment {
    throw .unsupported(MarketDataKind.socialSentiment.description)
  }

  public func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus {
    throw .unsupported(MarketDataKind.marketStatus.description)
  }
}
