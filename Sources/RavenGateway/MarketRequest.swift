import Foundation
import RavenCore
import RavenMarketData

/// A question for the market gateway about an instant, typed by its answer:
/// `try await gateway.fetch(.quote("AAPL", at: now))` is a `MarketAnswer<Quote>`.
public struct MarketRequest<Value: Sendable>: Sendable {
  let kind: MarketDataKind
  let perform: @Sendable (MarketGateway) async throws(MarketDataError) -> MarketAnswer<Value>
}

extension MarketRequest where Value == Quote {
  public static func quote(_ symbol: Symbol, at instant: Date) -> Self {
    Self(kind: .quote) { gateway throws(MarketDataError) in
      try await gateway.quotes.answer(symbol, at: instant)
    }
  }
}

extension MarketRequest where Value == [SearchResult] {
  /// The same at every instant: aged by the gateway's clock.
  public static func search(_ query: String, limit: Int) -> Self {
    Self(kind: .search) { gateway throws(MarketDataError) in
      try await gateway.searches.answer(
        SearchKey(query: query, limit: limit), at: gateway.clock.now)
    }
  }
}

extension MarketRequest where Value == CompanyProfile {
  public static func profile(_ symbol: Symbol, at instant: Date) -> Self {
    Self(kind: .profile) { gateway throws(MarketDataError) in
      try await gateway.profiles.answer(symbol, at: instant)
    }
  }
}

extension MarketRequest where Value == [Bar] {
  /// Bars starting in `[from, to)` as they stood at `instant`. Requests whose `to` rounds
  /// up to the same multiple of the bars' lifetime share one cache entry (see `BarsKey`).
  public static func bars(
    _ symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) -> Self {
    Self(kind: .bars) { gateway throws(MarketDataError) in
      let grid = gateway.configuration.lifetimes.bars(resolution)
      // An empty interval goes upstream as it is, to get the provider's own answer.
      let cacheTo = from < to ? to.roundedUp(toMultipleOf: grid) : to
      let answer = try await gateway.barHistories.answer(
        BarsKey(
          symbol: symbol, resolution: resolution, adjustment: adjustment, from: from, to: cacheTo),
        at: instant)
      // A stale answer may be another window's (see `CacheLane.family`).
      guard cacheTo != to || answer.isStale else { return answer }
      return answer.map { bars in bars.filter { $0.time >= from && $0.time < to } }
    }
  }
}

extension MarketRequest where Value == [NewsArticle] {
  /// Stories published in `[from, to]` by `instant`. Requests within the same
  /// lifetime-sized steps share one cache entry (see `NewsKey`).
  public static func news(_ symbol: Symbol, from: Date, to: Date, asOf instant: Date) -> Self {
    Self(kind: .news) { gateway throws(MarketDataError) in
      let grid = gateway.configuration.lifetimes.news
      guard from <= to else {
        return try await gateway.stories.answer(
          NewsKey(symbol: symbol, from: from, to: to), at: instant)
      }
      let key = NewsKey(
        symbol: symbol, from: from.roundedDown(toMultipleOf: grid),
        to: to.roundedUp(toMultipleOf: grid))
      let answer = try await gateway.stories.answer(key, at: instant)
      guard key.from != from || key.to != to || answer.isStale else { return answer }
      return answer.map { stories in
        stories.filter { from <= $0.publishedAt && $0.publishedAt <= to }
      }
    }
  }
}

extension MarketRequest where Value == [Symbol] {
  /// The same at every instant: aged by the gateway's clock.
  public static func peers(_ symbol: Symbol) -> Self {
    Self(kind: .peers) { gateway throws(MarketDataError) in
      try await gateway.peerLists.answer(symbol, at: gateway.clock.now)
    }
  }
}

extension MarketRequest where Value == [RecommendationTrend] {
  public static func recommendationTrends(_ symbol: Symbol, asOf instant: Date) -> Self {
    Self(kind: .recommendationTrends) { gateway throws(MarketDataError) in
      try await gateway.recommendations.answer(symbol, at: instant)
    }
  }
}

extension MarketRequest where Value == [EarningsSurprise] {
  public static func earnings(_ symbol: Symbol, asOf instant: Date) -> Self {
    Self(kind: .earnings) { gateway throws(MarketDataError) in
      try await gateway.earningsReports.answer(symbol, at: instant)
    }
  }
}

extension MarketRequest where Value == SocialSentiment {
  public static func socialSentiment(
    _ symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) -> Self {
    Self(kind: .socialSentiment) { gateway throws(MarketDataError) in
      try await gateway.sentiments.answer(
        SentimentKey(symbol: symbol, from: from, to: to), at: instant)
    }
  }
}

extension MarketRequest where Value == MarketStatus {
  public static func marketStatus(at instant: Date) -> Self {
    Self(kind: .marketStatus) { gateway throws(MarketDataError) in
      try await gateway.statuses.answer(MarketStatusKey(), at: instant)
    }
  }
}
