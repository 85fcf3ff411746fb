import Foundation
import RavenCore

// The market routes' answers that wrap RavenCore's values in an object, so that each
// answer can gain fields without breaking clients. Single values (a quote, a profile, a
// chart, sentiment, the market's status) are answered as RavenCore's types themselves.

/// `GET /api/v1/search?q=`.
public struct SearchResultsBody: Sendable, Hashable, Codable {
  public var results: [SearchResult]
  public init(results: [SearchResult]) { self.results = results }
}

/// `GET /api/v1/quotes?symbols=`, in the order asked.
public struct QuotesBody: Sendable, Hashable, Codable {
  public var quotes: [Quote]
  public init(quotes: [Quote]) { self.quotes = quotes }
}

/// `GET /api/v1/stocks/{symbol}/news`, newest first.
public struct ArticlesBody: Sendable, Hashable, Codable {
  public var articles: [NewsArticle]
  public init(articles: [NewsArticle]) { self.articles = articles }
}

/// `GET /api/v1/stocks/{symbol}/peers`.
public struct PeersBody: Sendable, Hashable, Codable {
  public var peers: [Symbol]
  public init(peers: [Symbol]) { self.peers = peers }
}

/// `GET /api/v1/stocks/{symbol}/recommendations`, newest month first.
public struct TrendsBody: Sendable, Hashable, Codable {
  public var trends: [RecommendationTrend]
  public init(trends: [RecommendationTrend]) { self.trends = trends }
}

/// `GET /api/v1/stocks/{symbol}/earnings`, newest quarter first.
public struct QuartersBody: Sendable, Hashable, Codable {
  public var quarters: [EarningsSurprise]
  public init(quarters: [EarningsSurprise]) { self.quarters = quarters }
}

/// `GET /healthz`.
public struct HealthBody: Sendable, Hashable, Codable {
  public var status: String
  public var time: Date

  public init(status: String, time: Date) {
    self.status = status
    self.time = time
  }
}
