import RavenCore
import RavenMarketData

extension QuotesAnswer {
  /// How fresh the quotes are: the oldest age, whether any is stale, and every provider
  /// that answered.
  public var freshness: DataFreshness {
    DataFreshness(
      age: oldestAge, isStale: hasStale,
      sources: Set(quotes.values.compactMap { $0.source?.name }).sorted())
  }
}

extension MarketGateway: FreshQuoteSource {
  public func freshQuotes(for symbols: [Symbol]) async -> FreshQuotes {
    let answer = await fetchQuotes(for: symbols)
    return FreshQuotes(quotes: answer.quotes.mapValues(\.value), freshness: answer.freshness)
  }
}
