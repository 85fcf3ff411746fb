import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Turns the JSON shapes of Alpaca's market data API (AlpacaWire's) into Raven's types. Prices are JSON numbers read through `Decimal`: exact decimals,
/// never `Double`.
enum AlpacaDataDecoding {
  static let malformed = MarketDataError.unavailable("Alpaca sent an answer Raven cannot read")

  /// What `/v2/stocks/snapshots` said about each symbol asked for.
  struct Snapshots: Sendable {
    var quotes: [Symbol: Quote] = [:]
    /// Symbols Alpaca answered for without a trade or a bar to price them by.
    var unpriced: Set<Symbol> = []
  }

  /// `{"AAPL": {"latestTrade": {"p","s","t"}, "latestQuote": {…}, "minuteBar": {…},
  /// "dailyBar": {"o","h","l","c","v","t"}, "prevDailyBar": {…}}, …}`. Symbols Alpaca
  /// does not list are absent from the answer (or `null`).
  static func snapshots(
    _ answer: [String: AlpacaSnapshot?], symbols: [Symbol], timeZone: ExchangeTimeZone
  ) throws(MarketDataError) -> Snapshots {
    var snapshots = Snapshots()
    for symbol in symbols {
      guard let member = answer[symbol.rawValue], let snapshot = member else { continue }
      if let quote = try quote(snapshot, symbol: symbol, timeZone: timeZone) {
        snapshots.quotes[symbol] = quote
      } else {
        snapshots.unpriced.insert(symbol)
      }
    }
    return snapshots
  }

  /// The latest trade is the price; the day's bar gives the open, high and low, and the
  /// previous day's bar the previous close. Before the first trade of a new day's bar
  /// (the snapshot's daily bar is older than its latest trade), the daily bar's close is
  /// the previous close instead. `nil` when there is neither a trade nor a daily bar.
  private static func quote(
    _ snapshot: AlpacaSnapshot, symbol: Symbol, timeZone: ExchangeTimeZone
  ) throws(MarketDataError) -> Quote? {
    let trade = try pricePoint(snapshot.latestTrade.map { ($0.price, $0.time) })
    let daily = try pricePoint(snapshot.dailyBar.map { ($0.close, $0.time) })
    let previous = try pricePoint(snapshot.prevDailyBar.map { ($0.close, $0.time) })
    guard let last = trade ?? daily else { return nil }
    let price = Price(upstream: last.price)
    if let daily, let bar = snapshot.dailyBar,
      timeZone.marketDate(of: daily.time) >= timeZone.marketDate(of: last.time)
    {
      func field(_ value: Decimal?) -> Price {
        value?.exactDecimal.map(Price.init(upstream:)) ?? price
      }
      return Quote(
        symbol: symbol, price: price, open: field(bar.open), high: max(field(bar.high), price),
        low: min(field(bar.low), price),
        previousClose: previous.map { Price(upstream: $0.price) } ?? field(bar.open),
        time: last.time)
    }
    let previousClose = (daily ?? previous).map { Price(upstream: $0.price) } ?? price
    return Quote(
      symbol: symbol, price: price, open: price, high: price, low: price,
      previousClose: previousClose, time: last.time)
  }

  /// A trade's or bar's positive price and time; `nil` when the snapshot has none (or
  /// `null`). A trade or bar without both is malformed.
  private static func pricePoint(_ point: (price: Decimal?, time: AlpacaTime?)?)
    throws(MarketDataError) -> (price: ExactDecimal, time: Date)?
  {
    guard let point else { return nil }
    guard let price = point.price?.exactDecimal, let time = point.time?.date
    else { throw malformed }
    return price.isPositive ? (price, time) : nil
  }

  /// `{"news": [{"id","headline","author","created_at","updated_at","summary","content",
  /// "images": [{"size","url"}],"symbols","source","url"}], "next_page_token"}`: the
  /// stories published in `[from, to]`, newest first.
  static func news(_ answer: AlpacaNewsPage, symbol: Symbol, from: Date, to: Date) -> [NewsArticle]
  {
    var articles: [NewsArticle] = []
    for row in answer.news {
      guard let headline = row.headline, !headline.isEmpty,
        let published = row.createdAt?.date,
        published >= from, published <= to
      else { continue }
      let fallbackID = "\(Int64(published.timeIntervalSince1970))-\(headline.hashValue)"
      articles.append(
        NewsArticle(
          id: "alpaca-\(row.id.map(Self.text) ?? fallbackID)", symbol: symbol, headline: headline,
          summary: row.summary ?? "", source: row.source ?? "", url: nonEmpty(row.url),
          imageURL: image(row.images ?? []), publishedAt: published, category: "company"))
    }
    return articles.sorted { $0.publishedAt > $1.publishedAt }
  }

  /// The largest of a story's images (`large`, then `small`, then `thumb`).
  private static func image(_ images: [AlpacaArticle.Image]) -> String? {
    let bySize = Dictionary(
      images.compactMap { image -> (String, String)? in
        guard let size = image.size, let url = nonEmpty(image.url) else { return nil }
        return (size, url)
      }, uniquingKeysWith: { first, _ in first })
    return ["large", "small", "thumb"].lazy.compactMap { bySize[$0] }.first
  }

  /// A story's id as text: Alpaca's is an integer, some are written as text.
  private static func text(_ id: AlpacaAmount) -> String {
    switch id {
    case .text(let text): text
    case .number(let number): "\(number)"
    }
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
