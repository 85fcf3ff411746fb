import AlpacaWire
import Foundation
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenMarketData

/// `/v2/account/portfolio/history` (the built-in account's equity over a period) and
/// `/v1beta1/news` (the market's stories), in Alpaca's shapes.
struct AlpacaHistoryController {
  let accounts: AccountDirectory
  let market: any MarketDataProvider
  let marketClock: any WallClock
  let configuration: ServerConfiguration

  func addRoutes(trading: RouterGroup<RavenRequestContext>, news: RouterGroup<RavenRequestContext>)
  {
    trading.get("/account/portfolio/history", use: portfolioHistory)
    news.get("/news", use: self.news)
  }

  /// The span and the points' width as Alpaca reads them (`AlpacaHistoryWindow`: `period`,
  /// `start`, `end`, `date_end`, `timeframe`); the points are the account's own, valued at
  /// each step. Deposits and withdrawals are not profit: `profit_loss` leaves them out and
  /// `profit_loss_pct` is the time-weighted return; `cashflow_types` (`ALL`, `CSD`, `CSW`, a
  /// list) adds them per point as `cashflow`. `extended_hours`, `intraday_reporting` and
  /// `pnl_reset` are accepted: the simulated market values an account in regular hours.
  @Sendable func portfolioHistory(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaPortfolioHistory>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    let window = try AlpacaHistoryWindow(
      request.uri.queryParameters, calendar: accounts.calendar, now: marketClock.now)
    let history = try await ledger.equityHistory(
      from: window.interval.start, to: window.interval.end, resolution: window.resolution)
    var body = AlpacaPortfolioHistory(
      history, timeframe: AlpacaHistoryWindow.timeframe(history.resolution),
      timeWeightedIndex: history.timeWeightedIndex(calendar: accounts.calendar))
    if let types = request.uri.queryParameters["cashflow_types"] {
      body.cashflow = Self.cashflow(history, types: String(types))
    }
    return AlpacaBody(body)
  }

  /// Each point's deposits (`CSD`) and withdrawals (`CSW`, negative) of the types asked
  /// for (`ALL`, or a comma-separated list; `NONE` none).
  static func cashflow(_ history: BrokeragePortfolioHistory, types: String) -> [String: [Decimal]] {
    let asked = Set(
      types.uppercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    var flows: [String: [Decimal]] = [:]
    for (type, keep) in [("CSD", { (flow: Money) in flow.isPositive }), ("CSW", \.isNegative)]
    where asked.contains("ALL") || asked.contains(type) {
      flows[type] = history.points.map { keep($0.flow) ? $0.flow.exact.value : 0 }
    }
    return flows
  }

  /// `symbols` (comma-separated, required here: Raven's stories are per company), `start`
  /// and `end`, `sort` (desc by default), `limit` (1 to 50, 10 by default);
  /// `include_content` and `exclude_contentless` are accepted (stories carry a summary).
  @Sendable func news(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaNewsPage>
  {
    let query = request.uri.queryParameters
    let symbols = try AlpacaMarketDataController.symbols(query)
    let now = marketClock.now
    let end = min(
      try query["end"].map { try AlpacaFormat.parseEnd(String($0)) } ?? now, now)
    let start =
      try query["start"].map { try AlpacaFormat.parseTime(String($0), "start") }
      ?? end.addingTimeInterval(-7 * 86_400)
    var limit = 10
    if let text = query["limit"] {
      guard let value = Int(String(text)), (1...50).contains(value) else {
        throw AlpacaError.unprocessable("limit must be 1 to 50")
      }
      limit = value
    }
    let ascending = query["sort"].map { String($0).lowercased() == "asc" } ?? false
    var articles: [String: (NewsArticle, [Symbol])] = [:]
    for symbol in symbols {
      let found: [NewsArticle]
      switch await Result.answer({ () async throws(MarketDataError) in
        try await market.news(for: symbol, from: start, to: end, asOf: now)
      }) {
      case .success(let articles): found = articles
      case .failure(.unknownSymbol): continue
      case .failure(let error): throw error
      }
      for article in found {
        articles[article.id, default: (article, [])].1.append(symbol)
      }
    }
    let sorted = articles.values.sorted {
      ascending ? $0.0.publishedAt < $1.0.publishedAt : $0.0.publishedAt > $1.0.publishedAt
    }
    // A simulated story's `url` is its page on this server, as in Raven's own API.
    let publicURL = configuration.publicURL(for: request, context: context)
    return AlpacaBody(
      AlpacaNewsPage(
        news: sorted.prefix(limit).map {
          AlpacaArticle($0.0.linked(from: publicURL), symbols: $0.1)
        }, nextPageToken: nil))
  }
}

extension AlpacaPortfolioHistory {
  /// Equity and profit as numbers, at seconds since 1970: the profit at a point is the
  /// change in equity since the base less the money deposited (plus that withdrawn) since;
  /// its percentage is the time-weighted return to that point, so a deposit is neither.
  init(
    _ history: BrokeragePortfolioHistory, timeframe: String, timeWeightedIndex: [Double]
  ) {
    let base = history.baseValue ?? history.points.first?.equity ?? .zero
    self.init(
      timestamp: history.points.map { Int64($0.time.timeIntervalSince1970) },
      equity: history.points.map(\.equity.exact.value))
    // The first point's flow is in the base already.
    var flows = Money.zero
    profitLoss = history.points.enumerated().map { position, point in
      if position > 0 { flows += point.flow }
      return (point.equity - base - flows).exact.value
    }
    profitLossPct = timeWeightedIndex.map { level in
      base.isPositive ? PerformanceBody.ratio(level - 1).value : nil
    }
    baseValue = base.exact.value
    self.timeframe = timeframe
    // alpaca-py reads `cashflow` as a dictionary, never null: empty unless asked for.
    cashflow = [:]
  }
}

extension AlpacaArticle {
  /// A story: its id an integer (stable, from Raven's own id), `url` always present, the
  /// source its author too.
  init(_ article: NewsArticle, symbols: [Symbol]) {
    self.init(
      id: .number(Decimal(Self.numericID(article))), headline: article.headline,
      createdAt: AlpacaTime(article.publishedAt))
    author = article.source
    updatedAt = createdAt
    summary = article.summary
    content = ""
    url = article.url
    images = article.imageURL.map { [Image(size: "thumb", url: $0)] } ?? []
    self.symbols = symbols.map(\.rawValue)
    source = article.source
  }

  /// The first 6 bytes of the id's SHA-256-based UUID, as a positive integer.
  static func numericID(_ article: NewsArticle) -> Int64 {
    let uuid = AlpacaFormat.uuid("news:" + article.id).uuid
    return [uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5].reduce(Int64(0)) {
      $0 << 8 | Int64($1)
    }
  }
}
