import AlpacaWire
import Foundation
import Hummingbird
import RavenCore
import RavenMarketData

/// Alpaca's stock data API (`/v2/stocks/…`) over the same market the web app shows (the
/// simulated market or the configured live provider, through the gateway and its budgets).
struct AlpacaMarketDataController {
  let market: any MarketDataProvider
  let calendar: NYSECalendar
  let marketClock: any WallClock

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/stocks/bars", use: bars)
    group.get("/stocks/bars/latest", use: latestBars)
    group.get("/stocks/quotes/latest", use: latestQuotes)
    group.get("/stocks/trades/latest", use: latestTrades)
    group.get("/stocks/snapshots", use: snapshots)
    // The single-symbol forms alpaca-trade-api calls.
    group.get("/stocks/:symbol/bars", use: symbolBars)
    group.get("/stocks/:symbol/bars/latest", use: symbolLatestBar)
    group.get("/stocks/:symbol/quotes/latest", use: symbolLatestQuote)
    group.get("/stocks/:symbol/trades/latest", use: symbolLatestTrade)
    group.get("/stocks/:symbol/snapshot", use: symbolSnapshot)
    addTickRoutes(to: group)
  }

  /// Bars of every symbol, a page of at most `limit` across them, symbols in alphabetical
  /// order; `next_page_token` resumes where the page stopped.
  @Sendable func bars(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaBarsPage>
  {
    let now = marketClock.now
    let query = try AlpacaBarsQuery(request.uri.queryParameters, now: now, calendar: calendar)
    return AlpacaBody(try await barsPage(query, now: now))
  }

  /// `/v2/stocks/{symbol}/bars`: one symbol's page, `{"bars": [...], "symbol",
  /// "next_page_token"}`, paged as the many-symbol form is.
  @Sendable func symbolBars(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolBarsPage>
  {
    let now = marketClock.now
    let symbol = try context.alpacaSymbol()
    let query = try AlpacaBarsQuery(
      request.uri.queryParameters, symbols: [symbol], now: now, calendar: calendar)
    let page = try await barsPage(query, now: now)
    return AlpacaBody(
      AlpacaSymbolBarsPage(
        bars: page.bars[symbol.rawValue] ?? [], symbol: symbol.rawValue,
        nextPageToken: page.nextPageToken))
  }

  private func barsPage(_ query: AlpacaBarsQuery, now: Date) async throws -> AlpacaBarsPage {
    var page: [String: [AlpacaBar]] = [:]
    var room = query.limit
    var reads = Self.marketReadsPerPage
    var next: AlpacaPageToken?
    for index in (query.cursor?.symbolIndex ?? 0)..<query.symbols.count {
      let symbol = query.symbols[index]
      let (lower, upper) = query.range(ofSymbolAt: index)
      guard room > 0 else {
        next = AlpacaPageToken(symbolIndex: index, time: query.ascending ? lower : upper)
        break
      }
      let (found, more) = try await bars(
        of: symbol, query.timeframe, from: lower, to: upper, asOf: now,
        adjustment: query.adjustment, ascending: query.ascending, wanted: room, reads: &reads)
      if !found.isEmpty { page[symbol.rawValue] = found.map(AlpacaBar.init) }
      room -= found.count
      if let more {
        next = AlpacaPageToken(symbolIndex: index, time: more)
        break
      }
    }
    return AlpacaBarsPage(bars: page, nextPageToken: next?.text)
  }

  /// How many chunks of bars one page may read from the market. A page that reaches it
  /// (years of minutes of symbols with no data) ends early with a `next_page_token`, as
  /// Alpaca's pages may: the work one request does is bounded, and nothing is skipped.
  static let marketReadsPerPage = 1_000

  /// Up to `wanted` bars of `symbol` in `[from, to]` as they stood at `now`, in the asked
  /// order, read from the market a chunk at a time, at most `reads` chunks; and where to
  /// resume when there is more (the next bar's time, or the edge of the first chunk not read).
  func bars(
    of symbol: Symbol, _ timeframe: AlpacaTimeframe, from: Date, to: Date, asOf now: Date,
    adjustment: BarAdjustment = .raw, ascending: Bool, wanted: Int, reads: inout Int
  ) async throws -> (bars: [Bar], next: Date?) {
    let zone = calendar.timeZone
    let resolution = timeframe.source.resolution
    var found: [Bar] = []
    // Chunks start and end at UTC midnight, when no session trades, so that no grouped
    // bar is split between two chunks.
    let day: TimeInterval = 86_400
    var edge =
      ascending
      ? (from.timeIntervalSince1970 / day).rounded(.down) * day
      : (to.timeIntervalSince1970 / day).rounded(.up) * day
    while ascending ? edge < to.timeIntervalSince1970 : edge > from.timeIntervalSince1970 {
      guard reads > 0 else { return (found, Date(timeIntervalSince1970: edge)) }
      reads -= 1
      let (lower, upper) =
        ascending
        ? (edge, min(edge + timeframe.chunk, (to.timeIntervalSince1970 / day).rounded(.up) * day))
        : (
          max(edge - timeframe.chunk, (from.timeIntervalSince1970 / day).rounded(.down) * day), edge
        )
      edge = ascending ? upper : lower
      let chunk: [Bar]
      switch await Result.answer({ () async throws(MarketDataError) in
        try await market.bars(
          for: symbol, resolution: resolution, from: Date(timeIntervalSince1970: lower),
          to: Date(timeIntervalSince1970: upper), asOf: now, adjustment: adjustment)
      }) {
      case .success(let bars): chunk = bars
      case .failure(.unknownSymbol): return ([], nil)
      case .failure(.noData): continue
      case .failure(let error): throw error
      }
      let grouped = timeframe.group(chunk, zone: zone).filter { $0.time >= from && $0.time <= to }
      for bar in ascending ? grouped : grouped.reversed() {
        if found.count == wanted { return (found, bar.time) }
        found.append(bar)
      }
    }
    return (found, nil)
  }

  @Sendable func latestBars(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaLatestBars>
  {
    var bars: [String: AlpacaBar] = [:]
    for symbol in try Self.symbols(request) {
      if let bar = try await lastBars(of: symbol, .minute).last {
        bars[symbol.rawValue] = AlpacaBar(bar)
      }
    }
    return AlpacaBody(AlpacaLatestBars(bars: bars))
  }

  @Sendable func latestQuotes(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaLatestQuotes>
  {
    AlpacaBody(AlpacaLatestQuotes(quotes: try await latest(of: request, AlpacaQuote.init)))
  }

  @Sendable func latestTrades(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaLatestTrades>
  {
    AlpacaBody(AlpacaLatestTrades(trades: try await latest(of: request, AlpacaTrade.init)))
  }

  /// Each symbol's latest quote as `value`, by symbol.
  private func latest<Value>(of request: Request, _ value: (Quote) -> Value) async throws
    -> [String: Value]
  {
    let quotes = try await market.quotes(for: try Self.symbols(request), at: marketClock.now)
    return Dictionary(uniqueKeysWithValues: quotes.map { ($0.key.rawValue, value($0.value)) })
  }

  /// `{"AAPL": {"latestTrade", "latestQuote", "minuteBar", "dailyBar", "prevDailyBar"}}`:
  /// symbols at the top level, nothing else there.
  @Sendable func snapshots(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[String: AlpacaSnapshot]>
  {
    let symbols = try Self.symbols(request)
    let quotes = try await market.quotes(for: symbols, at: marketClock.now)
    var snapshots: [String: AlpacaSnapshot] = [:]
    for symbol in symbols {
      guard let quote = quotes[symbol] else { continue }
      snapshots[symbol.rawValue] = try await snapshot(of: symbol, quote)
    }
    return AlpacaBody(snapshots)
  }

  private func snapshot(of symbol: Symbol, _ quote: Quote) async throws -> AlpacaSnapshot {
    let days = try await lastBars(of: symbol, .day)
    return AlpacaSnapshot(
      latestTrade: AlpacaTrade(quote),
      latestQuote: AlpacaQuote(quote),
      minuteBar: try await lastBars(of: symbol, .minute).last.map(AlpacaBar.init),
      dailyBar: days.last.map(AlpacaBar.init),
      prevDailyBar: days.dropLast().last.map(AlpacaBar.init))
  }

  /// `/v2/stocks/{symbol}/snapshot`: the snapshot with its `symbol` beside the members.
  @Sendable func symbolSnapshot(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSnapshot>
  {
    let symbol = try context.alpacaSymbol()
    var snapshot = try await snapshot(of: symbol, try await quote(of: symbol))
    snapshot.symbol = symbol.rawValue
    return AlpacaBody(snapshot)
  }

  /// `/v2/stocks/{symbol}/bars/latest`: `{"symbol", "bar"}`; 404 when it has none.
  @Sendable func symbolLatestBar(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolLatestBar>
  {
    let symbol = try context.alpacaSymbol()
    guard let bar = try await lastBars(of: symbol, .minute).last else {
      throw AlpacaError(.notFound, "no bar found for \(symbol)")
    }
    return AlpacaBody(AlpacaSymbolLatestBar(symbol: symbol.rawValue, bar: AlpacaBar(bar)))
  }

  /// `/v2/stocks/{symbol}/quotes/latest`: `{"symbol", "quote"}`.
  @Sendable func symbolLatestQuote(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolLatestQuote>
  {
    let symbol = try context.alpacaSymbol()
    return AlpacaBody(
      AlpacaSymbolLatestQuote(
        symbol: symbol.rawValue, quote: AlpacaQuote(try await quote(of: symbol))))
  }

  /// `/v2/stocks/{symbol}/trades/latest`: `{"symbol", "trade"}`.
  @Sendable func symbolLatestTrade(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolLatestTrade>
  {
    let symbol = try context.alpacaSymbol()
    return AlpacaBody(
      AlpacaSymbolLatestTrade(
        symbol: symbol.rawValue, trade: AlpacaTrade(try await quote(of: symbol))))
  }

  /// The symbol's quote now; an unknown symbol is the market's error (404, in Alpaca's shape).
  private func quote(of symbol: Symbol) async throws -> Quote {
    try await market.quote(for: symbol, at: marketClock.now)
  }

  /// The latest bars of `resolution` up to now: the last few days', so that a weekend or a
  /// holiday still finds the last session's.
  private func lastBars(of symbol: Symbol, _ resolution: BarResolution) async throws -> [Bar] {
    let now = marketClock.now
    let reach: TimeInterval = resolution == .day ? 10 * 86_400 : 5 * 86_400
    switch await Result.answer({ () async throws(MarketDataError) in
      try await market.rawBars(
        for: symbol, resolution: resolution, from: now.addingTimeInterval(-reach),
        to: now.addingTimeInterval(60), asOf: now)
    }) {
    case .success(let bars): return bars
    case .failure(.unknownSymbol), .failure(.noData): return []
    case .failure(let error): throw error
    }
  }

  static func symbols(_ request: Request) throws -> [Symbol] {
    try symbols(request.uri.queryParameters)
  }

  /// The most symbols one data request may name: enough for a snapshot of the whole
  /// universe, which bots ask for.
  static let maximumSymbols = 1_000

  /// `symbols=AAPL,MSFT`: required, at most `maximumSymbols`, each once.
  static func symbols(_ query: Parameters) throws -> [Symbol] {
    guard let list = query["symbols"], !list.isEmpty else {
      throw AlpacaError.unprocessable("symbols is required")
    }
    let symbols = try symbols(in: list)
    guard symbols.count <= maximumSymbols else {
      throw AlpacaError.unprocessable("at most \(maximumSymbols) symbols")
    }
    return symbols
  }

  /// Comma-separated symbols, each once, in their order; any that is not one is refused.
  static func symbols(in list: Substring) throws -> [Symbol] {
    var symbols: [Symbol] = []
    for part in list.split(separator: ",") {
      guard let symbol = Symbol(String(part).trimmingCharacters(in: .whitespaces)) else {
        throw AlpacaError.unprocessable("invalid symbol: \(part)")
      }
      if !symbols.contains(symbol) { symbols.append(symbol) }
    }
    return symbols
  }
}
