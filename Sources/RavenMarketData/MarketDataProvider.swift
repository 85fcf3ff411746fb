import Foundation
import RavenCore

/// Everything Raven asks of a market-data source. The shapes follow Finnhub's API
/// so that live providers map onto it naturally; the simulated market implements
/// all of it.
///
/// Every answer that depends on time is asked for an instant (the caller's market clock
/// passes its now; a backtest account its own), and nothing after that instant (no
/// later price, no future bar, no unpublished story) is ever returned. A provider that
/// knows the market only as it is now (a live one) refuses other instants with
/// `MarketDataError.unservedInstant`. Searches and peers are the same at every instant.
public protocol MarketDataProvider: Sendable {
  /// Who supplies the data, for footers and `source` fields.
  var attribution: DataAttribution { get }

  /// The latest quote at `instant`. Throws `MarketDataError.unknownSymbol` for a symbol
  /// the provider does not list.
  func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote

  /// Quotes for several symbols at once; symbols the provider does not know are left out.
  func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]

  /// Companies whose symbol or name matches `query`, best match first.
  func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult]

  /// The company as it stood at `instant` (its market value moves with its price).
  func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile

  /// Bars of `resolution` whose start lies in `[from, to)` and at or before `instant`,
  /// oldest first. The bar in progress at `instant`, if any, is included as it stood then.
  /// Prices are as they traded (`raw`) or adjusted for the splits and dividends that had
  /// gone ex by `instant`; a provider that cannot serve `adjustment` at `resolution`
  /// refuses with `unsupportedRequest` rather than serve other prices.
  func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar]

  /// Stories published in `[from, to]` and by `instant`, newest first.
  func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]

  /// Companies in the same industry, most comparable first, without `symbol` itself.
  func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol]

  /// Monthly analyst recommendation counts published by `instant`, newest month first.
  func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]

  /// The quarters reported by `instant`, EPS against estimates, newest first.
  func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]

  /// Mentions on the days `[from, to]` that had passed by `instant`.
  func socialSentiment(for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date)
    async throws(MarketDataError) -> SocialSentiment

  /// Whether the market is open at `instant`, and its next open and close.
  func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus

  /// `bars(for:resolution:from:to:asOf:adjustment:)` with who supplied them and how old
  /// they are: a gateway in front of several providers names the one that answered, so a
  /// chart is labelled with the source and age of its bars rather than of the quotes.
  func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> AttributedBars
}

extension MarketDataProvider {
  /// Straight from the provider: its own name, no age.
  public func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> AttributedBars {
    AttributedBars(
      bars: try await bars(
        for: symbol, resolution: resolution, from: from, to: to, asOf: instant,
        adjustment: adjustment),
      source: attribution, age: nil, isStale: false)
  }

  /// Bars as they traded: what matching, portfolio values and the streams read.
  public func rawBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date
  ) async throws(MarketDataError) -> [Bar] {
    try await bars(
      for: symbol, resolution: resolution, from: from, to: to, asOf: instant, adjustment: .raw)
  }
}

/// Bars with their source, and their age when they came through a cache.
public struct AttributedBars: Sendable {
  public var bars: [Bar]
  public var source: DataAttribution
  /// Seconds since the provider answered, in the market's time; `nil` when unknown.
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
