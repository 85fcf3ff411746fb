import Foundation
import RavenCore
import RavenMarketData

/// The gateway answers like any provider, so callers need not change: values only,
/// stale ones included (use `fetch(_:)` for their age).
extension MarketGateway: MarketDataProvider {
  public var attribution: DataAttribution { upstream.provider.attribution }

  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try await fetch(.quote(symbol, at: instant)).value
  }

  /// Symbols the provider does not list are left out, and so are symbols that could not
  /// be had and were never fetched while others could. Throws only when no symbol has a
  /// quote and at least one failed for another reason than being unknown or without data.
  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    let answer = await fetchQuotes(for: symbols, at: instant)
    if answer.quotes.isEmpty,
      let failure = answer.failures.sorted(by: { $0.key < $1.key }).lazy.map(\.value)
        .first(where: { !$0.concernsTheSymbolOnly })
    {
      throw failure
    }
    return answer.quotes.mapValues(\.value)
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    try await fetch(.search(query, limit: limit)).value
  }

  public func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile
  {
    try await fetch(.profile(symbol, at: instant)).value
  }

  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try await fetch(
      .bars(
        symbol, resolution: resolution, from: from, to: to, asOf: instant, adjustment: adjustment)
    ).value
  }

  public func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> AttributedBars {
    let answer = try await fetch(
      .bars(
        symbol, resolution: resolution, from: from, to: to, asOf: instant, adjustment: adjustment))
    return AttributedBars(
      bars: answer.value, source: answer.source ?? source(for: .bars) ?? attribution,
      age: answer.age, isStale: answer.isStale)
  }

  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    try await fetch(.news(symbol, from: from, to: to, asOf: instant)).value
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    try await fetch(.peers(symbol)).value
  }

  public func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]
  {
    try await fetch(.recommendationTrends(symbol, asOf: instant)).value
  }

  public func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]
  {
    try await fetch(.earnings(symbol, asOf: instant)).value
  }

  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) async throws(MarketDataError) -> SocialSentiment {
    try await fetch(.socialSentiment(symbol, from: from, to: to, asOf: instant)).value
  }

  public func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus {
    try await fetch(.marketStatus(at: instant)).value
  }
}

extension MarketDataError {
  /// Whether the error says something of the symbol asked about (unknown, or without
  /// data) rather than of the provider.
  fileprivate var concernsTheSymbolOnly: Bool {
    switch self {
    case .unknownSymbol, .noData: true
    case .invalidRequest, .unsupported, .unsupportedRequest, .unservedInstant, .unavailable,
      .rateLimited:
      false
    }
  }
}
