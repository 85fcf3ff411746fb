import AlpacaWire
import Foundation
import Hummingbird
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

  /// `period` (`1D`, `1W`, `1M`, `3M`, `1A`/`12M`, `5A`; 1M by default) picks the span;
  /// the points are the account's own (5-minute for a day, 30-minute for a week, hourly
  /// for a month, daily beyond), and `timeframe` says which. Other parameters are accepted.
  @Sendable func portfolioHistory(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaPortfolioHistory>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context)
    let period = request.uri.queryParameters["period"].map { String($0).uppercased() } ?? "1M"
    let lookback: ChartLookback
    switch period {
    case "1D": lookback = .tradingDays(1)
    case "1W", "7D": lookback = .tradingDays(5)
    case "1M", "4W", "30D": lookback = .months(1)
    case "3M": lookback = .months(3)
    case "1A", "12M", "52W": lookback = .years(1)
    case "5A", "60M": lookback = .years(5)
    default: throw AlpacaError.unprocessable("invalid period: \(period)")
    }
    let history = try await ledger.equityHistory(lookback)
    let timeframe =
      switch history.resolution {
      case .fiveMinutes: "5Min"
      case .thirtyMinutes: "30Min"
      case .hour: "1H"
      default: "1D"
      }
    return AlpacaBody(AlpacaPortfolioHistory(history, timeframe: timeframe))
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
  /// Equity and profit as numbers, at seconds since 1970.
  init(_ history: BrokeragePortfolioHistory, timeframe: String) {
    let base = history.baseValue ?? history.points.first?.equity ?? .zero
    self.init(
      timestamp: history.points.map { Int64($0.time.timeIntervalSince1970) },
      equity: history.points.map(\.equity.exact.value))
    profitLoss = history.points.map { ($0.equity - base).exact.value }
    profitLossPct = history.points.map { point in
      (point.equity - base).exact.divided(by: base.exact, fractionDigits: 6)?.value
    }
    baseValue = base.exact.value
    self.timeframe = timeframe
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
