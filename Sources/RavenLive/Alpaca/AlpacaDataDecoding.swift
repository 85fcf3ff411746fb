import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Turns the JSON shapes of Alpaca's market data API into Raven's types. Prices are
/// read from the numbers' text: exact decimals, never `Double`.
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
  static func snapshots(_ json: JSONValue, symbols: [Symbol], timeZone: ExchangeTimeZone)
    throws(MarketDataError) -> Snapshots
  {
    guard let members = json.object else { throw malformed }
    var snapshots = Snapshots()
    for symbol in symbols {
      guard let snapshot = members[symbol.rawValue], !snapshot.isNull else { continue }
      guard snapshot.object != nil else { throw malformed }
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
  private static func quote(_ snapshot: JSONValue, symbol: Symbol, timeZone: ExchangeTimeZone)
    throws(MarketDataError) -> Quote?
  {
    let trade = try pricePoint(snapshot["latestTrade"], price: "p")
    let daily = try pricePoint(snapshot["dailyBar"], price: "c")
    let previous = try pricePoint(snapshot["prevDailyBar"], price: "c")
    guard let last = trade ?? daily else { return nil }
    let price = Price(upstream: last.price)
    if let daily, timeZone.marketDate(of: daily.time) >= timeZone.marketDate(of: last.time) {
      let bar = snapshot["dailyBar"]
      func field(_ key: String) -> Price {
        bar?[key]?.decimal.map(Price.init(upstream:)) ?? price
      }
      return Quote(
        symbol: symbol, price: price, open: field("o"), high: max(field("h"), price),
        low: min(field("l"), price),
        previousClose: previous.map { Price(upstream: $0.price) } ?? field("o"), time: last.time)
    }
    let previousClose = (daily ?? previous).map { Price(upstream: $0.price) } ?? price
    return Quote(
      symbol: symbol, price: price, open: price, high: price, low: price,
      previousClose: previousClose, time: last.time)
  }

  /// A trade's or bar's positive price and time; `nil` when the snapshot has none.
  private static func pricePoint(_ json: JSONValue?, price key: String)
    throws(MarketDataError) -> (price: ExactDecimal, time: Date)?
  {
    guard let json, !json.isNull else { return nil }
    guard let price = json[key]?.decimal, let time = json["t"]?.string.flatMap(RFC3339Time.date)
    else { throw malformed }
    return price.isPositive ? (price, time) : nil
  }

  /// `{"news": [{"id","headline","author","created_at","updated_at","summary","content",
  /// "images": [{"size","url"}],"symbols","source","url"}], "next_page_token"}`: the
  /// stories published in `[from, to]`, newest first.
  static func news(_ json: JSONValue, symbol: Symbol, from: Date, to: Date)
    throws(MarketDataError) -> [NewsArticle]
  {
    guard json.object != nil else { throw malformed }
    guard let rows = json["news"]?.array else {
      if json["news"]?.isNull == true { return [] }
      throw malformed
    }
    var articles: [NewsArticle] = []
    for row in rows {
      guard let headline = row["headline"]?.string, !headline.isEmpty,
        let published = row["created_at"]?.string.flatMap(RFC3339Time.date),
        published >= from, published <= to
      else { continue }
      let id = row["id"].flatMap { value -> String? in
        if case .number(let text) = value { return text }
        return value.string
      }
      articles.append(
        NewsArticle(
          id: "alpaca-\(id ?? "\(Int64(published.timeIntervalSince1970))-\(headline.hashValue)")",
          symbol: symbol, headline: headline, summary: row["summary"]?.string ?? "",
          source: row["source"]?.string ?? "", url: nonEmpty(row["url"]?.string),
          imageURL: image(row["images"]), publishedAt: published, category: "company"))
    }
    return articles.sorted { $0.publishedAt > $1.publishedAt }
  }

  /// The largest of a story's images (`large`, then `small`, then `thumb`).
  private static func image(_ images: JSONValue?) -> String? {
    let bySize = Dictionary(
      (images?.array ?? []).compactMap { image -> (String, String)? in
        guard let size = image["size"]?.string, let url = nonEmpty(image["url"]?.string)
        else { return nil }
        return (size, url)
      }, uniquingKeysWith: { first, _ in first })
    return ["large", "small", "thumb"].lazy.compactMap { bySize[$0] }.first
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
