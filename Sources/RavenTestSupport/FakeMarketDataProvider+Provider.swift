import Foundation
import RavenCore
import RavenMarketData

extension FakeMarketDataProvider: MarketDataProvider {
  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try await answer(.quote, symbols: [symbol], asOf: instant) { state throws(MarketDataError) in
      try Self.lookUp(state.quotes, symbol, "quote(for: \(symbol))", in: &state)
    }
  }

  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    try await answer(.quotes, symbols: symbols, asOf: instant) { state throws(MarketDataError) in
      var quotes: [Symbol: Quote] = [:]
      for symbol in symbols where !state.unknownSymbols.contains(symbol) {
        guard let quote = state.quotes[symbol] else {
          throw Self.unexpected("quotes(for: …\(symbol)…)", in: &state)
        }
        quotes[symbol] = quote
      }
      return quotes
    }
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    try await answer(.search) { state throws(MarketDataError) in
      guard let results = state.searchResults[query] else {
        throw Self.unexpected("search(\"\(query)\")", in: &state)
      }
      return Array(results.prefix(max(limit, 0)))
    }
  }

  public func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile
  {
    try await answer(.profile, symbols: [symbol], asOf: instant) { state throws(MarketDataError) in
      try Self.lookUp(state.profiles, symbol, "profile(for: \(symbol))", in: &state)
    }
  }

  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try await answer(.bars, symbols: [symbol], asOf: instant) { state throws(MarketDataError) in
      state.barAdjustments.append(adjustment)
      guard from < to else { throw .invalidRequest("The interval is empty") }
      let table = state.bars.compactMapValues { $0[resolution] }
      return try Self.lookUp(
        table, symbol, "bars(for: \(symbol), resolution: \(resolution.rawValue))", in: &state
      ).filter { from <= $0.time && $0.time < to }
    }
  }

  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    try await answer(.news, symbols: [symbol], asOf: instant) { state throws(MarketDataError) in
      guard from <= to else { throw .invalidRequest("The interval is empty") }
      return try Self.lookUp(state.news, symbol, "news(for: \(symbol))", in: &state)
        .filter { from <= $0.publishedAt && $0.publishedAt <= to }
    }
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    try await answer(.peers, symbols: [symbol]) { state throws(MarketDataError) in
      try Self.lookUp(state.peers, symbol, "peers(for: \(symbol))", in: &state)
    }
  }

  public func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]
  {
    try await answer(.recommendationTrends, symbols: [symbol], asOf: instant) {
      state throws(MarketDataError) in
      try Self.lookUp(
        state.recommendationTrends, symbol, "recommendationTrends(for: \(symbol))", in: &state)
    }
  }

  public func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]
  {
    try await answer(.earnings, symbols: [symbol], asOf: instant) { state throws(MarketDataError) in
      try Self.lookUp(state.earnings, symbol, "earnings(for: \(symbol))", in: &state)
    }
  }

  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) async throws(MarketDataError) -> SocialSentiment {
    try await answer(.socialSentiment, symbols: [symbol], asOf: instant) {
      state throws(MarketDataError) in
      try Self.lookUp(
        state.socialSentiment, symbol, "socialSentiment(for: \(symbol))", in: &state)
    }
  }

  public func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus {
    try await answer(.marketStatus, asOf: instant) { state throws(MarketDataError) in
      guard let status = state.marketStatus else {
        throw Self.unexpected("marketStatus()", in: &state)
      }
      return status
    }
  }
}

/// The fake lists the splits and dividends set for it; a symbol with none set has none.
extension FakeMarketDataProvider: CorporateActionSource {
  public func corporateActions(of symbol: Symbol) async throws(MarketDataError)
    -> [CorporateAction]
  {
    try await answer(.corporateActions, symbols: [symbol]) { state throws(MarketDataError) in
      guard !state.unknownSymbols.contains(symbol) else { throw .unknownSymbol(symbol) }
      return state.corporateActions[symbol] ?? []
    }
  }

  public var corporateActionSymbols: [Symbol] {
    state.withLock { $0.corporateActions.keys.sorted() }
  }
}
