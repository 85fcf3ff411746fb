import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation

/// Market data for everyone (no sign-in needed): the same answers the CLI prints.
struct MarketController {
  /// Every answer through the gateway: cached, merged, within budget.
  let market: MarketGateway
  let charts: ChartBuilder
  let calendar: NYSECalendar
  /// The market's time: quotes, charts and the exchange's sessions.
  let marketClock: any WallClock
  let configuration: ServerConfiguration
  /// The market's splits and dividends; nil where no source in use serves them.
  var corporateActions: (any CorporateActionSource)?

  /// The most symbols one quotes request may name.
  static let maximumQuoteSymbols = 50

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/market/status", use: status)
    group.get("/market/providers", use: providers)
    group.get("/search", use: search)
    group.get("/quotes", use: quotes)
    group.get("/stocks/{symbol}/quote", use: quote)
    group.get("/stocks/{symbol}/profile", use: profile)
    group.get("/stocks/{symbol}/news", use: news)
    group.get("/stocks/{symbol}/peers", use: peers)
    group.get("/stocks/{symbol}/recommendations", use: recommendations)
    group.get("/stocks/{symbol}/earnings", use: earnings)
    group.get("/stocks/{symbol}/sentiment", use: sentiment)
    group.get("/stocks/{symbol}/corporate-actions", use: actions)
    group.get("/stocks/{symbol}/chart", use: chart)
    group.get("/stocks/{symbol}/candles", use: candles)
    group.get("/stocks/{symbol}/logo.svg", use: logo)
  }

  @Sendable func status(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<MarketStatusSummary>
  {
    JSONBody(
      MarketStatusSummary(
        try await market.marketStatus(at: marketClock.now), timeZone: calendar.timeZone))
  }

  @Sendable func providers(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<ProvidersBody>
  {
    let publicURL = configuration.publicURL(for: request, context: context)
    var sources: [String: DataAttribution] = [:]
    for kind in MarketDataKind.allCases {
      sources[kind.rawValue] = market.source(for: kind)?.linked(from: publicURL)
    }
    let providers = market.providerStatus().map { status in
      var provider = ProvidersBody.Provider(status)
      provider.attribution = provider.attribution.linked(from: publicURL)
      return provider
    }
    return JSONBody(ProvidersBody(providers: providers, sources: sources))
  }

  @Sendable func search(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<SearchResultsBody>
  {
    let query = request.uri.queryParameters["q"].map(String.init) ?? ""
    guard query.count <= 100 else {
      throw APIError.badRequest("The search is too long", code: "invalid_query")
    }
    let limit = try request.integer("limit", default: 10, range: 1...50)
    return JSONBody(
      SearchResultsBody(results: try await market.search(query, limit: limit)))
  }

  @Sendable func quotes(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<QuotesBody>
  {
    let words = (request.uri.queryParameters["symbols"].map(String.init) ?? "")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !words.isEmpty else {
      throw APIError.badRequest(
        "Name at least one symbol: ?symbols=AAPL,MSFT", code: "invalid_symbols")
    }
    guard words.count <= Self.maximumQuoteSymbols else {
      throw APIError.badRequest(
        "At most \(Self.maximumQuoteSymbols) symbols per request", code: "invalid_symbols")
    }
    var symbols: [Symbol] = []
    for word in words {
      guard let symbol = Symbol(word) else { throw APIError.unknownSymbol(word) }
      if !symbols.contains(symbol) { symbols.append(symbol) }
    }
    let answer = await market.fetchQuotes(for: symbols, at: marketClock.now)
    for symbol in symbols where answer.quotes[symbol] == nil {
      throw answer.failures[symbol] ?? MarketDataError.unknownSymbol(symbol)
    }
    return JSONBody(
      QuotesBody(quotes: symbols.compactMap { answer.quotes[$0]?.value }),
      headers: DataAge.headers(answer))
  }

  @Sendable func quote(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    Quote
  > {
    JSONBody(try await market.fetch(.quote(try context.symbol(), at: marketClock.now))) { $0 }
  }

  @Sendable func profile(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<CompanyProfile>
  {
    JSONBody(try await market.fetch(.profile(try context.symbol(), at: marketClock.now))) { $0 }
  }

  @Sendable func news(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    ArticlesBody
  > {
    let symbol = try context.symbol()
    let days = try request.integer("days", default: 7, range: 1...30)
    let now = marketClock.now
    let answer = try await market.fetch(
      .news(symbol, from: now.addingTimeInterval(-Double(days) * 86_400), to: now, asOf: now))
    let publicURL = configuration.publicURL(for: request, context: context)
    return JSONBody(answer) { ArticlesBody(articles: $0.map { $0.linked(from: publicURL) }) }
  }

  @Sendable func peers(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    PeersBody
  > {
    JSONBody(try await market.fetch(.peers(try context.symbol()))) {
      PeersBody(peers: $0)
    }
  }

  @Sendable func recommendations(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TrendsBody>
  {
    JSONBody(
      try await market.fetch(.recommendationTrends(try context.symbol(), asOf: marketClock.now))
    ) {
      TrendsBody(trends: $0)
    }
  }

  @Sendable func earnings(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<QuartersBody>
  {
    JSONBody(try await market.fetch(.earnings(try context.symbol(), asOf: marketClock.now))) {
      QuartersBody(quarters: $0)
    }
  }

  @Sendable func sentiment(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<SocialSentiment>
  {
    let symbol = try context.symbol()
    let now = marketClock.now
    let today = calendar.timeZone.marketDate(of: now)
    let to = try request.date("to") ?? today
    let from = try request.date("from") ?? to.adding(days: -29)
    guard from <= to, to - from <= 366 else {
      throw APIError.badRequest(
        "from must be before to, at most a year apart", code: "invalid_dates")
    }
    return JSONBody(
      try await market.fetch(.socialSentiment(symbol, from: from, to: to, asOf: now))
    ) { $0 }
  }

  @Sendable func chart(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<PriceChart>
  {
    let symbol = try context.symbol()
    let range = try request.range(default: ChartRange.oneDay)
    let points = try request.integer(
      "points", default: ChartBuilder.defaultPoints, range: 2...ChartBuilder.maximumPoints)
    let (chart, bars) = try await charts.priceChartAnswer(
      for: symbol, range: range, points: points, now: marketClock.now)
    return JSONBody(chart, headers: DataAge.headers(bars))
  }

  @Sendable func candles(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<CandleChart>
  {
    let symbol = try context.symbol()
    let range = try request.uri.queryParameters["range"].map { _ in
      try request.range(default: ChartRange.oneYear)
    }
    let (chart, bars) = try await charts.candleChartAnswer(
      for: symbol, range: range, now: marketClock.now)
    return JSONBody(chart, headers: DataAge.headers(bars))
  }

  @Sendable func logo(_ request: Request, context: RavenRequestContext) async throws -> Response {
    let symbol = try context.symbol()
    let profile = try await market.profile(for: symbol, at: marketClock.now)
    var headers = HTTPFields()
    headers[.contentType] = "image/svg+xml"
    headers[.cacheControl] = "public, max-age=86400"
    return Response(
      status: .ok, headers: headers,
      body: .init(
        byteBuffer: .init(string: CompanyLogo.monogram(symbol: symbol, name: profile.name))))
  }
}

extension RavenRequestContext {
  /// The `{symbol}` path parameter; malformed symbols are unknown symbols.
  func symbol() throws -> Symbol {
    let text = parameters.get("symbol") ?? ""
    guard let symbol = Symbol(text) else { throw APIError.unknownSymbol(text) }
    return symbol
  }
}

extension Request {
  /// An integer query parameter within `range`, or `default` when absent.
  func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
    guard let text = uri.queryParameters[Substring(name)] else { return value }
    guard let number = Int(String(text)), range.contains(number) else {
      throw APIError.badRequest(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
        code: "invalid_\(name)")
    }
    return number
  }

  /// A `YYYY-MM-DD` query parameter, or `nil` when absent.
  func date(_ name: String) throws -> MarketDate? {
    guard let text = uri.queryParameters[Substring(name)] else { return nil }
    guard let date = MarketDate(String(text)) else {
      throw APIError.badRequest("\(name) must be a date as YYYY-MM-DD", code: "invalid_\(name)")
    }
    return date
  }

  /// The `range` query parameter, in any case: a stock chart's (`ChartRange`) or a
  /// portfolio's (`PortfolioRange`); a name not in the list is refused with the list.
  func range<Range: RawRepresentable<String> & CaseIterable>(default value: Range) throws -> Range {
    guard let text = uri.queryParameters["range"] else { return value }
    guard let range = Range(rawValue: String(text).uppercased()) else {
      let names = Range.allCases.map(\.rawValue).joined(separator: " ")
      throw APIError.badRequest("range must be one of \(names)", code: "invalid_range")
    }
    return range
  }
}
