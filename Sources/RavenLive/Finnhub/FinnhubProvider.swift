import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Market data from Finnhub's REST API (https://finnhub.io/docs/api), as a
/// `MarketDataProvider`. Put it behind a `MarketGateway` with `UpstreamPolicy.finnhub`
/// so that its free plan's rate limits are kept.
///
/// - Unknown symbols: `/quote` answers zeros and `/stock/profile2` answers `{}`; both
///   become `MarketDataError.unknownSymbol`, never a $0 price.
/// - HTTP 429 is `rateLimited`; 5xx, timeouts and malformed answers are `unavailable`
///   (both transient); 403 (a free key asking for a paid endpoint such as
///   `/stock/candle`) is `unsupported`, so the gateway routes that kind elsewhere.
/// - Amounts are JSON numbers read through `Decimal`: exact decimals, never `Double`.
public struct FinnhubProvider: MarketDataProvider {
  public static let attribution = DataAttribution(
    name: "Finnhub", url: "https://finnhub.io", isSimulated: false)

  /// What Finnhub serves on a free key. Price history (`/stock/candle`) is a paid
  /// endpoint, and the market status is known exactly from the NYSE calendar without
  /// spending a call.
  public static let freeCapabilities: Set<MarketDataKind> = [
    .quote, .search, .profile, .news, .peers, .recommendationTrends, .earnings,
    .socialSentiment,
  ]

  /// What Raven asks Finnhub for: the free plan's kinds, and splits and dividends, which
  /// only a paid plan serves. A free key refuses them once (403) and the gateway asks the
  /// next source that lists them from then on.
  public static let capabilities = freeCapabilities.union([.corporateActions])

  public var attribution: DataAttribution { Self.attribution }

  let configuration: FinnhubConfiguration
  let transport: any HTTPTransport
  let calendar: NYSECalendar
  /// Refuses instants other than now: Finnhub answers only for the present.
  let present: PresentOnly

  public init(
    configuration: FinnhubConfiguration, transport: any HTTPTransport,
    calendar: NYSECalendar = NYSECalendar(), clock: any WallClock = SystemWallClock()
  ) {
    self.configuration = configuration
    self.transport = transport
    self.calendar = calendar
    self.present = PresentOnly(clock: clock)
  }

  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try present.check(instant)
    return try await latestQuote(for: symbol)
  }

  /// `/quote` now; the instant is checked once per request, not once per symbol.
  private func latestQuote(for symbol: Symbol) async throws(MarketDataError) -> Quote {
    let answer = try await get(
      "/quote", ["symbol": symbol.rawValue], kind: .quote, as: FinnhubDecoding.QuoteAnswer.self)
    return try FinnhubDecoding.quote(answer, symbol: symbol)
  }

  /// Finnhub has no batch quote endpoint: one call per symbol, at most four at once.
  /// Unknown symbols are left out; any other failure fails the batch, so that the
  /// gateway answers those symbols from their last good values instead.
  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    try present.check(instant)
    let unique = Array(Set(symbols)).sorted()
    var found: [Symbol: Quote] = [:]
    var index = 0
    while index < unique.count {
      let chunk = unique[index..<min(index + 4, unique.count)]
      index += chunk.count
      let results = await withTaskGroup(of: (Symbol, Result<Quote, MarketDataError>).self) {
        group in
        for symbol in chunk {
          group.addTask {
            do throws(MarketDataError) {
              return (symbol, .success(try await latestQuote(for: symbol)))
            } catch {
              return (symbol, .failure(error))
            }
          }
        }
        var results: [(Symbol, Result<Quote, MarketDataError>)] = []
        for await result in group { results.append(result) }
        return results
      }
      for (symbol, result) in results.sorted(by: { $0.0 < $1.0 }) {
        switch result {
        case .success(let quote): found[symbol] = quote
        case .failure(.unknownSymbol(symbol)), .failure(.noData(symbol)): continue
        case .failure(let error): throw error
        }
      }
    }
    return found
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidRequest("Type a symbol or a company name") }
    let answer = try await get(
      "/search", ["q": trimmed], kind: .search, as: FinnhubDecoding.SearchAnswer.self)
    return FinnhubDecoding.searchResults(answer, limit: limit)
  }

  public func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile
  {
    try present.check(instant)
    let answer = try await get(
      "/stock/profile2", ["symbol": symbol.rawValue], kind: .profile,
      as: FinnhubDecoding.ProfileAnswer.self)
    return try FinnhubDecoding.profile(answer, symbol: symbol, source: attribution.name)
  }

  /// Finnhub's candles: intraday ones as they traded, daily and longer ones adjusted for
  /// splits (as Finnhub documents them); any other adjustment is refused.
  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try present.check(instant)
    guard from < to else { throw .invalidRequest("The interval is empty") }
    let served: BarAdjustment = resolution.isIntraday ? .raw : .split
    guard adjustment == served else {
      throw .unsupportedRequest(resolution.barsDescription(adjustedFor: adjustment))
    }
    let answer = try await get(
      "/stock/candle",
      [
        "symbol": symbol.rawValue, "resolution": resolution.rawValue,
        "from": String(Int64(from.timeIntervalSince1970.rounded(.down))),
        "to": String(Int64(to.timeIntervalSince1970.rounded(.up))),
      ], kind: .bars, as: FinnhubDecoding.CandlesAnswer.self)
    return try FinnhubDecoding.bars(answer, symbol: symbol, from: from, to: to)
  }

  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    try present.check(instant)
    let rows = try await get(
      "/company-news",
      [
        "symbol": symbol.rawValue,
        "from": calendar.timeZone.marketDate(of: from).description,
        "to": calendar.timeZone.marketDate(of: to).description,
      ], kind: .news, as: [FinnhubDecoding.NewsRow].self)
    return FinnhubDecoding.news(rows, symbol: symbol, from: from, to: to)
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    let rows = try await get(
      "/stock/peers", ["symbol": symbol.rawValue], kind: .peers, as: [String].self)
    return FinnhubDecoding.peers(rows, symbol: symbol)
  }

  public func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]
  {
    try present.check(instant)
    let rows = try await get(
      "/stock/recommendation", ["symbol": symbol.rawValue], kind: .recommendationTrends,
      as: [FinnhubDecoding.TrendRow].self)
    return FinnhubDecoding.recommendationTrends(rows, symbol: symbol, source: attribution.name)
  }

  public func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]
  {
    try present.check(instant)
    let rows = try await get(
      "/stock/earnings", ["symbol": symbol.rawValue], kind: .earnings,
      as: [FinnhubDecoding.EarningsRow].self)
    return FinnhubDecoding.earnings(rows, symbol: symbol, source: attribution.name)
  }

  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) async throws(MarketDataError) -> SocialSentiment {
    try present.check(instant)
    let answer = try await get(
      "/stock/social-sentiment",
      ["symbol": symbol.rawValue, "from": from.description, "to": to.description],
      kind: .socialSentiment, as: FinnhubDecoding.SentimentAnswer.self)
    return try FinnhubDecoding.socialSentiment(
      answer, symbol: symbol, from: from, to: to, source: attribution.name)
  }

  /// Finnhub's answer dates the status; the phase, the sessions and the next bells come
  /// from the NYSE calendar at that instant.
  public func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus {
    try present.check(instant)
    // An answer without `isOpen` or `t` does not decode: it is malformed.
    let answer = try await get(
      "/stock/market-status", ["exchange": "US"], kind: .marketStatus,
      as: FinnhubDecoding.MarketStatusAnswer.self)
    return calendar.status(at: Date(timeIntervalSince1970: TimeInterval(answer.time)))
  }
}
