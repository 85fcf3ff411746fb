import Foundation
import RavenCore
import RavenMarketData

/// How fresh a batch of answers is together, gathered one answer at a time: the oldest
/// age, whether any is stale, and every provider that answered.
struct FreshnessTally {
  private var oldest: TimeInterval?
  private var isStale = false
  private var sources: [String] = []

  mutating func add<Value>(_ answer: MarketAnswer<Value>) {
    oldest = max(oldest ?? answer.age, answer.age)
    isStale = isStale || answer.isStale
    if let name = answer.source?.name, !sources.contains(name) { sources.append(name) }
  }

  var freshness: DataFreshness {
    DataFreshness(age: oldest, isStale: isStale, sources: sources.sorted())
  }
}

extension QuotesAnswer {
  /// How fresh the quotes are together.
  public var freshness: DataFreshness {
    var tally = FreshnessTally()
    for answer in quotes.values { tally.add(answer) }
    return tally.freshness
  }
}

extension MarketGateway: FreshQuoteSource {
  /// Built in one pass over the cache's answers, since a portfolio asks for every
  /// holding's quote on every request.
  public func freshQuotes(for symbols: [Symbol], at instant: Date) async -> FreshQuotes {
    var quotes: [Symbol: Quote] = [:]
    var tally = FreshnessTally()
    if serves(.quote) {
      quotes.reserveCapacity(symbols.count)
      for case (let symbol, .success(let answer)) in await self.quotes.answers(symbols, at: instant)
      {
        quotes[symbol] = answer.value
        tally.add(answer)
      }
    }
    return FreshQuotes(quotes: quotes, freshness: tally.freshness)
  }
}
