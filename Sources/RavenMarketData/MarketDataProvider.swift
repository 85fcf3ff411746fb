import Foundation
import RavenCore

/// Everything Raven asks of a market-data source. The shapes follow Finnhub's API
/// so that live providers map onto it naturally; the simulated market implements
/// all of it.
///
/// Every method answers as of the provider's current time: nothing after "now"
/// (no future bar, no unpublished story) is ever returned.
public protocol MarketDataProvider: Sendable {
  /// Who supplies the data, for footers and `source` fields.
  var attribution: DataAttribution { get }

  /// The latest quote. Throws `MarketDataError.unknownSymbol` for a symbol the
  /// provider does not list.
  func quote(for symbol: Symbol) async throws(MarketDataError) -> Quote

  /// Quotes for several symbols at once; symbols the provider does not know are left out.
  func quotes(for symbols: [Symbol]) async throws(MarketDataError) -> [Symbol: Quote]

  /// Companies whose symbol or name matches `query`, best match first.
  func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult]

  func profile(for symbol: Symbol) async throws(MarketDataError) -> CompanyProfile

  /// Bars of `resolution` whose start lies in `[from, to)`, oldest first. The bar in
  /// progress, if any, is included as it stands now.
  func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date
  ) async throws(MarketDataError) -> [Bar]

  /// Stories published in `[from, to]`, newest first.
  func news(for symbol: Symbol, from: Date, to: Date) async throws(MarketDataError)
    -> [NewsArticle]

  /// Companies in the same industry, most comparable first, without `symbol` itself.
  func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol]

  /// Monthly analyst recommendation counts, newest month first.
  func recommendationTrends(for symbol: Symbol) async throws(MarketDataError)
    -> [RecommendationTrend]

  /// The last reported quarters' EPS against estimates, newest first.
  func earnings(for symbol: Symbol) async throws(MarketDataError) -> [EarningsSurprise]

  func socialSentiment(for symbol: Symbol, from: MarketDate, to: MarketDate)
    async throws(MarketDataError) -> SocialSentiment

  func marketStatus() async throws(MarketDataError) -> MarketStatus

  /// `bars(for:resolution:from:to:)` with who supplied them and how old they are: a
  /// gateway in front of several providers names the one that answered, so a chart is
  /// labelled with the source and age of its bars rather than of the quotes.
  func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date
  ) async throws(MarketDataError) -> AttributedBars
}

extension MarketDataProvider {
  /// Straight from the provider: its own name, no age.
  public func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date
  ) async throws(MarketDataError) -> AttributedBars {
    AttributedBars(
      bars: try await bars(for: symbol, resolution: resolution, from: from, to: to),
      source: attribution, age: nil, isStale: false)
  }
}

/// Bars with their source, and their age when they came through a cache.
public struct AttributedBars: Sendable {
  public var bars: [Bar]
  public var source: DataAttribution
  /// Seconds since the provider answered; `nil` when unknown.
  public var age: TimeInterval?
  /// Whether they are the last good bars, served because the provider failed.
  public var isStale: Bool

  public init(bars: [Bar], source: DataAttribution, age: TimeInterval?, isStale: Bool) {
    self.bars = bars
    self.source = source
    self.age = age
    self.isStale = isStale
  }
}
