import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Turns Finnhub's documented JSON shapes into Raven's types.
enum FinnhubDecoding {
  static let malformed = MarketDataError.unavailable("Finnhub sent an answer Raven cannot read")

  /// `{"c","d","dp","h","l","o","pc","t"}`; an unknown symbol answers zeros (and nulls).
  static func quote(_ json: JSONValue, symbol: Symbol) throws(MarketDataError) -> Quote {
    guard json.object != nil else { throw malformed }
    let time = json["t"]?.integer ?? 0
    guard let current = json["c"]?.decimal, current.isPositive, time > 0 else {
      throw .unknownSymbol(symbol)
    }
    let previous = json["pc"]?.decimal ?? current
    return Quote(
      symbol: symbol, price: price(current), open: price(json["o"]?.decimal ?? current),
      high: price(json["h"]?.decimal ?? current), low: price(json["l"]?.decimal ?? current),
      previousClose: price(previous),
      time: Date(timeIntervalSince1970: TimeInterval(time)))
  }

  /// `{"count", "result": [{"description","displaySymbol","symbol","type"}]}`.
  static func searchResults(_ json: JSONValue, limit: Int) throws(MarketDataError)
    -> [SearchResult]
  {
    guard let rows = json["result"]?.array else { throw malformed }
    var results: [SearchResult] = []
    var seen: Set<Symbol> = []
    for row in rows where results.count < limit {
      guard let text = row["displaySymbol"]?.string ?? row["symbol"]?.string,
        let symbol = Symbol(text), seen.insert(symbol).inserted
      else { continue }
      // Finnhub's search names no exchange; its `type` ("Common Stock", "ETP") says more.
      results.append(
        SearchResult(
          symbol: symbol, name: row["description"]?.string ?? symbol.rawValue,
          exchange: row["exchange"]?.string ?? ""))
    }
    return results
  }

  /// `/stock/profile2`; `{}` for an unknown symbol. Shares and market capitalization
  /// arrive in millions.
  static func profile(_ json: JSONValue, symbol: Symbol, source: String) throws(MarketDataError)
    -> CompanyProfile
  {
    guard let members = json.object else { throw malformed }
    guard let name = members["name"]?.string, !name.isEmpty else { throw .unknownSymbol(symbol) }
    let million = ExactDecimal(1_000_000)
    return CompanyProfile(
      symbol: symbol, name: name, exchange: members["exchange"]?.string ?? "",
      industry: members["finnhubIndustry"]?.string ?? "",
      ipo: members["ipo"]?.string.flatMap(MarketDate.init),
      webURL: members["weburl"]?.string.flatMap { $0.isEmpty ? nil : $0 },
      country: members["country"]?.string ?? "US", currency: members["currency"]?.string ?? "USD",
      sharesOutstanding: members["shareOutstanding"]?.decimal.map {
        Quantity(exact: ($0 * million).rounded(toFractionDigits: 0))
      },
      marketCapitalization: members["marketCapitalization"]?.decimal.map {
        Money(exact: ($0 * million).rounded(toFractionDigits: 0))
      },
      source: source)
  }

  /// `{"s":"ok","t":[…],"o":[…],"h":[…],"l":[…],"c":[…],"v":[…]}` or `{"s":"no_data"}`.
  static func bars(_ json: JSONValue, symbol: Symbol, from: Date, to: Date)
    throws(MarketDataError) -> [Bar]
  {
    guard let status = json["s"]?.string else { throw malformed }
    guard status == "ok" else {
      if status == "no_data" { throw .noData(symbol) }
      throw malformed
    }
    guard let times = json["t"]?.array, let opens = json["o"]?.array,
      let highs = json["h"]?.array, let lows = json["l"]?.array, let closes = json["c"]?.array,
      let volumes = json["v"]?.array,
      [opens, highs, lows, closes, volumes].allSatisfy({ $0.count == times.count })
    else { throw malformed }
    var bars: [Bar] = []
    for index in times.indices {
      guard let seconds = times[index].integer, let open = opens[index].decimal,
        let high = highs[index].decimal, let low = lows[index].decimal,
        let close = closes[index].decimal, let volume = volumes[index].decimal
      else { throw malformed }
      let time = Date(timeIntervalSince1970: TimeInterval(seconds))
      guard time >= from, time < to else { continue }
      bars.append(
        Bar(
          time: time, open: price(open), high: price(high), low: price(low), close: price(close),
          volume: Int64(volume.rounded(toFractionDigits: 0).description) ?? 0))
    }
    return bars.sorted { $0.time < $1.time }
  }

  /// `[{"category","datetime","headline","id","image","related","source","summary","url"}]`.
  static func news(_ json: JSONValue, symbol: Symbol, from: Date, to: Date)
    throws(MarketDataError) -> [NewsArticle]
  {
    guard let rows = json.array else { throw malformed }
    var articles: [NewsArticle] = []
    for row in rows {
      guard let seconds = row["datetime"]?.integer,
        let headline = row["headline"]?.string, !headline.isEmpty
      else { continue }
      let published = Date(timeIntervalSince1970: TimeInterval(seconds))
      guard published >= from, published <= to else { continue }
      let id = row["id"].flatMap { value -> String? in
        if case .number(let text) = value { return text }
        return value.string
      }
      articles.append(
        NewsArticle(
          id: "finnhub-\(id ?? "\(seconds)-\(headline.hashValue)")", symbol: symbol,
          headline: headline, summary: row["summary"]?.string ?? "",
          source: row["source"]?.string ?? "", url: nonEmpty(row["url"]?.string),
          imageURL: nonEmpty(row["image"]?.string), publishedAt: published,
          category: row["category"]?.string ?? "company"))
    }
    return articles.sorted { $0.publishedAt > $1.publishedAt }
  }

  /// `["AAPL","DELL",…]`, which names the symbol itself too.
  static func peers(_ json: JSONValue, symbol: Symbol) throws(MarketDataError) -> [Symbol] {
    guard let rows = json.array else { throw malformed }
    var peers: [Symbol] = []
    for row in rows {
      guard let peer = row.string.flatMap(Symbol.init), peer != symbol, !peers.contains(peer)
      else { continue }
      peers.append(peer)
    }
    return peers
  }

  /// `[{"buy","hold","period","sell","strongBuy","strongSell","symbol"}]`.
  static func recommendationTrends(_ json: JSONValue, symbol: Symbol, source: String)
    throws(MarketDataError) -> [RecommendationTrend]
  {
    guard let rows = json.array else { throw malformed }
    let trends = rows.compactMap { row -> RecommendationTrend? in
      guard let period = row["period"]?.string.flatMap(MarketDate.init) else { return nil }
      func count(_ key: String) -> Int { Int(row[key]?.integer ?? 0) }
      return RecommendationTrend(
        symbol: symbol, period: period, strongBuy: count("strongBuy"), buy: count("buy"),
        hold: count("hold"), sell: count("sell"), strongSell: count("strongSell"), source: source)
    }
    return trends.sorted { $0.period > $1.period }
  }

  /// `[{"actual","estimate","period","quarter","surprise","surprisePercent","symbol","year"}]`;
  /// quarters not yet reported (a null actual or estimate) are left out.
  static func earnings(_ json: JSONValue, symbol: Symbol, source: String)
    throws(MarketDataError) -> [EarningsSurprise]
  {
    guard let rows = json.array else { throw malformed }
    let reports = rows.compactMap { row -> EarningsSurprise? in
      guard let period = row["period"]?.string.flatMap(MarketDate.init),
        let actual = row["actual"]?.decimal, let estimate = row["estimate"]?.decimal
      else { return nil }
      return EarningsSurprise(
        symbol: symbol, period: period, year: Int(row["year"]?.integer ?? 0),
        quarter: Int(row["quarter"]?.integer ?? 0), actual: actual, estimate: estimate,
        source: source)
    }
    return reports.sorted { $0.period > $1.period }
  }

  /// The older `{"reddit":[…],"twitter":[…]}` shape (one platform each) or the newer
  /// `{"data":[…]}` (one row for all platforms together). Each row has `mention`,
  /// `positiveMention`, `negativeMention` and `score`.
  static func socialSentiment(
    _ json: JSONValue, symbol: Symbol, from: MarketDate, to: MarketDate, source: String
  ) throws(MarketDataError) -> SocialSentiment {
    guard json.object != nil else { throw malformed }
    var platforms: [PlatformSentiment] = []
    if let rows = json["data"]?.array {
      platforms.append(platform("social media", rows))
    } else {
      for name in ["reddit", "twitter"] {
        if let rows = json[name]?.array { platforms.append(platform(name, rows)) }
      }
      guard !platforms.isEmpty else { throw malformed }
    }
    return SocialSentiment(symbol: symbol, from: from, to: to, platforms: platforms, source: source)
  }

  private static func platform(_ name: String, _ rows: [JSONValue]) -> PlatformSentiment {
    func total(_ key: String) -> Int { rows.reduce(0) { $0 + Int($1[key]?.integer ?? 0) } }
    let scores = rows.compactMap { $0["score"]?.decimal }
    let sum = scores.reduce(ExactDecimal.zero, +)
    let mean =
      sum.divided(by: ExactDecimal(scores.count), fractionDigits: 2)
      ?? ExactDecimal.zero.withFractionDigits(2)
    return PlatformSentiment(
      platform: name, mentions: total("mention"), positiveMentions: total("positiveMention"),
      negativeMentions: total("negativeMention"), score: mean)
  }

  /// A price with at least cents (`187.9` → `187.90`; `0.4512` stays).
  static func price(_ value: ExactDecimal) -> Price {
    Price(exact: value.fractionDigits < 2 ? value.withFractionDigits(2) : value)
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
