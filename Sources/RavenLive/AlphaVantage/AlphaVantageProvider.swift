import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Market data from Alpha Vantage (https://www.alphavantage.co/documentation/), as a
/// `MarketDataProvider`: quotes (`GLOBAL_QUOTE`), symbol search (`SYMBOL_SEARCH`) and
/// price history (`TIME_SERIES_INTRADAY`, `_DAILY`, `_WEEKLY`, `_MONTHLY`). Put it behind
/// a `MarketGateway` with `UpstreamPolicy.alphaVantage`: the free key allows 25 calls a day.
///
/// - Alpha Vantage answers every refusal with HTTP 200: `{"Note"}` and the limit kind of
///   `{"Information"}` are `rateLimited`; a premium-only endpoint or option is
///   `unsupported`; `{"Error Message"}` is `unknownSymbol` for a call about one symbol.
/// - 5xx, timeouts and malformed answers are `unavailable` (transient).
/// - The key travels in the URL (Alpha Vantage accepts it nowhere else), so no error,
///   log or description carries a URL.
/// - Amounts are read from their text: exact decimals, never `Double`.
public struct AlphaVantageProvider: PartialMarketDataProvider {
  public static let attribution = DataAttribution(
    name: "Alpha Vantage", url: "https://www.alphavantage.co", isSimulated: false)

  /// What Alpha Vantage serves on a free key and Raven asks of it. Its news, company
  /// overview and earnings endpoints exist but would spend the 25 daily calls on data
  /// other providers serve for free.
  public static let freeCapabilities: Set<MarketDataKind> = [.quote, .search, .bars]

  public var attribution: DataAttribution { Self.attribution }

  let configuration: AlphaVantageConfiguration
  let transport: any HTTPTransport
  let calendar: NYSECalendar
  /// Dates quotes while their session is open, and decides how much history to ask for.
  let clock: any WallClock
  /// Refuses instants other than now: Alpha Vantage answers only for the present.
  let present: PresentOnly

  public init(
    configuration: AlphaVantageConfiguration, transport: any HTTPTransport,
    calendar: NYSECalendar = NYSECalendar(), clock: any WallClock = SystemWallClock()
  ) {
    self.configuration = configuration
    self.transport = transport
    self.calendar = calendar
    self.clock = clock
    self.present = PresentOnly(clock: clock)
  }

  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try present.check(instant)
    return try await latestQuote(for: symbol)
  }

  /// `GLOBAL_QUOTE` now; the instant is checked once per request, not once per symbol.
  private func latestQuote(for symbol: Symbol) async throws(MarketDataError) -> Quote {
    let answer = try await query(
      "GLOBAL_QUOTE", ["symbol": symbol.rawValue], kind: .quote, symbol: symbol,
      as: AlphaVantageDecoding.QuoteAnswer.self)
    return try AlphaVantageDecoding.quote(
      answer, symbol: symbol, calendar: calendar, now: clock.now)
  }

  /// Alpha Vantage has no batch quote on a free key: one call per symbol, one after the
  /// other (it allows one a second). Unknown symbols are left out; any other failure
  /// fails the batch, so that the gateway answers from the last good values instead.
  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    try present.check(instant)
    var found: [Symbol: Quote] = [:]
    for symbol in Array(Set(symbols)).sorted() {
      do throws(MarketDataError) {
        found[symbol] = try await latestQuote(for: symbol)
      } catch .unknownSymbol(symbol), .noData(symbol) {
        continue
      }
    }
    return found
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidRequest("Type a symbol or a company name") }
    let answer = try await self.query(
      "SYMBOL_SEARCH", ["keywords": trimmed], kind: .search, symbol: nil,
      as: AlphaVantageDecoding.SearchAnswer.self)
    return AlphaVantageDecoding.searchResults(answer, limit: limit)
  }

  /// Alpha Vantage's series: daily, weekly and monthly ones as they traded; intraday ones
  /// as they traded or adjusted for splits and dividends together (its `adjusted`); any
  /// other adjustment is refused.
  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try present.check(instant)
    guard from < to else { throw .invalidRequest("The interval is empty") }
    let series = AlphaVantageSeries(resolution)
    guard adjustment == .raw || (adjustment == .all && series.interval != nil) else {
      throw .unsupportedRequest(resolution.barsDescription(adjustedFor: adjustment))
    }
    var parameters = ["symbol": symbol.rawValue]
    if let interval = series.interval {
      parameters["interval"] = interval
      parameters["adjusted"] = adjustment == .all ? "true" : "false"
      // Raven charts regular sessions only.
      parameters["extended_hours"] = "false"
    }
    if series.hasOutputSize {
      parameters["outputsize"] =
        series.compactReaches(back: from, calendar: calendar, now: clock.now)
        ? "compact" : "full"
    }
    let answer = try await query(
      series.function, parameters, kind: .bars, symbol: symbol,
      as: AlphaVantageDecoding.SeriesAnswer.self)
    return try AlphaVantageDecoding.bars(
      answer, resolution: resolution, from: from, to: to,
      times: UpstreamBarTimes(calendar: calendar))
  }
}
