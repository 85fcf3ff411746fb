import Foundation
import RavenCore
import RavenMarketData

/// Canned answers. Each replaces what was set before for the same symbol (or query).
extension FakeMarketDataProvider {
  public func setQuotes(_ quotes: [Quote]) {
    state.withLock { state in
      for quote in quotes { state.quotes[quote.symbol] = quote }
    }
  }

  public func setQuote(_ quote: Quote) { setQuotes([quote]) }

  public func setSearchResults(_ results: [SearchResult], for query: String) {
    state.withLock { $0.searchResults[query] = results }
  }

  public func setProfile(_ profile: CompanyProfile) {
    state.withLock { $0.profiles[profile.symbol] = profile }
  }

  /// Bars of one resolution; requests get those starting in their `[from, to)`.
  public func setBars(_ bars: [Bar], for symbol: Symbol, resolution: BarResolution) {
    state.withLock { $0.bars[symbol, default: [:]][resolution] = bars.sorted { $0.time < $1.time } }
  }

  /// Stories; requests get those published in their `[from, to]`, newest first.
  public func setNews(_ articles: [NewsArticle], for symbol: Symbol) {
    state.withLock { $0.news[symbol] = articles.sorted { $0.publishedAt > $1.publishedAt } }
  }

  public func setPeers(_ peers: [Symbol], for symbol: Symbol) {
    state.withLock { $0.peers[symbol] = peers }
  }

  public func setRecommendationTrends(_ trends: [RecommendationTrend], for symbol: Symbol) {
    state.withLock { $0.recommendationTrends[symbol] = trends }
  }

  public func setEarnings(_ earnings: [EarningsSurprise], for symbol: Symbol) {
    state.withLock { $0.earnings[symbol] = earnings }
  }

  /// The sentiment answered for its symbol, whatever dates are asked.
  public func setSocialSentiment(_ sentiment: SocialSentiment) {
    state.withLock { $0.socialSentiment[sentiment.symbol] = sentiment }
  }

  public func setMarketStatus(_ status: MarketStatus) {
    state.withLock { $0.marketStatus = status }
  }

  /// A symbol's splits and dividends, kept in ex-date order.
  public func setCorporateActions(_ actions: [CorporateAction], for symbol: Symbol) {
    state.withLock { $0.corporateActions[symbol] = actions.sorted { $0.exDate < $1.exDate } }
  }
}
