import RavenCore
import RavenMarketData

extension QuotesAnswer {
  /// The quotes and their freshness: the oldest age, whether any is stale, and every
  /// provider that answered.
  public var fresh: FreshQuotes {
    FreshQuotes(
      quotes: quotes.mapValues(\.value),
      freshness: DataFreshness(
        age: oldestAge, isStale: hasStale,
        sources: Set(quotes.values.compactMap { $0.source?.name }).sorted()))
  }
}

extension MarketGateway: FreshQuoteSource {
  public func freshQuotes(for symbols: [Symbol]) async -> FreshQuotes {
    await fetchQuotes(for: symbols).fresh
  }
}
