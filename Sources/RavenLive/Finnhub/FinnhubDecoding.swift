import Foundation
import RavenCore
import RavenMarketData

/// Turns Finnhub's documented JSON shapes (`FinnhubDecoding+Answers.swift`) into Raven's
/// types. Numbers arrive as JSON numbers, read through `Decimal`: exact, never `Double`.
enum FinnhubDecoding {
  static let malformed = MarketDataError.unavailable("Finnhub sent an answer Raven cannot read")

  /// An unknown symbol answers zeros (and nulls).
  static func quote(_ answer: QuoteAnswer, symbol: Symbol) throws(MarketDataError) -> Quote {
    let time = answer.time ?? 0
    guard let current = answer.current?.exactDecimal, current.isPositive, time > 0 else {
      throw .unknownSymbol(symbol)
    }
    func field(_ value: Decimal?) -> Price { price(value?.exactDecimal ?? current) }
    return Quote(
      symbol: symbol, price: price(current), open: field(answer.open), high: field(answer.high),
      low: field(answer.low), previousClose: field(answer.previousClose),
      time: Date(timeIntervalSince1970: TimeInterval(time)))
  }

  /// The valid symbols of a search, each once, in Finnhub's order.
  static func searchResults(_ answer: SearchAnswer, limit: Int) -> [SearchResult] {
    var results: [SearchResult] = []
    var seen: Set<Symbol> = []
    for row in answer.result where results.count < limit {
      guard let text = row.displaySymbol ?? row.symbol,
        let symbol = Symbol(text), seen.insert(symbol).inserted
      else { continue }
      // Finnhub's search names no exchange; its `type` ("Common Stock", "ETP") says more.
      results.append(
        SearchResult(
          symbol: symbol, name: row.description ?? symbol.rawValue, exchange: row.exchange ?? ""))
    }
    return results
  }

  /// `{}` (no name) for an unknown symbol. Shares and market capitalization arrive in
  /// millions.
  static func profile(_ answer: ProfileAnswer, symbol: Symbol, source: String)
    throws(MarketDataError) -> CompanyProfile
  {
    guard let name = answer.name, !name.isEmpty else { throw .unknownSymbol(symbol) }
    let million = ExactDecimal(1_000_000)
    return CompanyProfile(
      symbol: symbol, name: name, exchange: answer.exchange ?? "",
      industry: answer.finnhubIndustry ?? "", ipo: answer.ipo.flatMap(MarketDate.init),
      webURL: answer.weburl.flatMap { $0.isEmpty ? nil : $0 },
      country: answer.country ?? "US", currency: answer.currency ?? "USD",
      sharesOutstanding: answer.shareOutstanding?.exactDecimal.map {
        Quantity(exact: ($0 * million).rounded(toFractionDigits: 0))
      },
      marketCapitalization: answer.marketCapitalization?.exactDecimal.map {
        Money(exact: ($0 * million).rounded(toFractionDigits: 0))
      },
      source: source)
  }

  /// Parallel arrays of one bar each; `{"s":"no_data"}` is no data.
  static func bars(_ answer: CandlesAnswer, symbol: Symbol, from: Date, to: Date)
    throws(MarketDataError) -> [Bar]
  {
    guard answer.status == "ok" else {
      if answer.status == "no_data" { throw .noData(symbol) }
      throw malformed
    }
    guard let times = answer.times, let opens = answer.opens, let highs = answer.highs,
      let lows = answer.lows, let closes = answer.closes, let volumes = answer.volumes,
      [opens, highs, lows, closes, volumes].allSatisfy({ $0.count == times.count })
    else { throw malformed }
    var bars: [Bar] = []
    for index in times.indices {
      guard let open = opens[index].exactDecimal, let high = highs[index].exactDecimal,
        let low = lows[index].exactDecimal, let close = closes[index].exactDecimal,
        let volume = volumes[index].exactDecimal
      else { throw malformed }
      let time = Date(timeIntervalSince1970: TimeInterval(times[index]))
      guard time >= from, time < to else { continue }
      bars.append(
        Bar(
          time: time, open: price(open), high: price(high), low: price(low), close: price(close),
          volume: Int64(volume.rounded(toFractionDigits: 0).description) ?? 0))
    }
    return bars.sorted { $0.time < $1.time }
  }

  /// The stories with a time and a headline published in `[from, to]`, newest first.
  static func news(_ rows: [NewsRow], symbol: Symbol, from: Date, to: Date) -> [NewsArticle] {
    var articles: [NewsArticle] = []
    for row in rows {
      guard let seconds = row.datetime, let headline = row.headline, !headline.isEmpty else {
        continue
      }
      let published = Date(timeIntervalSince1970: TimeInterval(seconds))
      guard published >= from, published <= to else { continue }
      articles.append(
        NewsArticle(
          id: "finnhub-\(row.id?.text ?? "\(seconds)-\(headline.hashValue)")", symbol: symbol,
          headline: headline, summary: row.summary ?? "", source: row.source ?? "",
          url: nonEmpty(row.url), imageURL: nonEmpty(row.image), publishedAt: published,
          category: row.category ?? "company"))
    }
    return articles.sorted { $0.publishedAt > $1.publishedAt }
  }

  /// `["AAPL","DELL",…]`, which names the symbol itself too.
  static func peers(_ rows: [String], symbol: Symbol) -> [Symbol] {
    var peers: [Symbol] = []
    for row in rows {
      guard let peer = Symbol(row), peer != symbol, !peers.contains(peer) else { continue }
      peers.append(peer)
    }
    return peers
  }

  /// The months with a valid period, newest first.
  static func recommendationTrends(_ rows: [TrendRow], symbol: Symbol, source: String)
    -> [RecommendationTrend]
  {
    let trends = rows.compactMap { row -> RecommendationTrend? in
      guard let period = row.period.flatMap(MarketDate.init) else { return nil }
      return RecommendationTrend(
        symbol: symbol, period: period, strongBuy: row.strongBuy ?? 0, buy: row.buy ?? 0,
        hold: row.hold ?? 0, sell: row.sell ?? 0, strongSell: row.strongSell ?? 0,
        source: source)
    }
    return trends.sorted { $0.period > $1.period }
  }

  /// Reported quarters, newest first: those not yet reported (a null actual or estimate)
  /// are left out.
  static func earnings(_ rows: [EarningsRow], symbol: Symbol, source: String)
    -> [EarningsSurprise]
  {
    let reports = rows.compactMap { row -> EarningsSurprise? in
      guard let period = row.period.flatMap(MarketDate.init),
        let actual = row.actual?.exactDecimal, let estimate = row.estimate?.exactDecimal
      else { return nil }
      return EarningsSurprise(
        symbol: symbol, period: period, year: row.year ?? 0, quarter: row.quarter ?? 0,
        actual: actual, estimate: estimate, source: source)
    }
    return reports.sorted { $0.period > $1.period }
  }

  /// The older `{"reddit":[…],"twitter":[…]}` shape (one platform each) or the newer
  /// `{"data":[…]}` (one row for all platforms together).
  static func socialSentiment(
    _ answer: SentimentAnswer, symbol: Symbol, from: MarketDate, to: MarketDate, source: String
  ) throws(MarketDataError) -> SocialSentiment {
    var platforms: [PlatformSentiment] = []
    if let rows = answer.data {
      platforms.append(platform("social media", rows))
    } else {
      for (name, rows) in [("reddit", answer.reddit), ("twitter", answer.twitter)] {
        if let rows { platforms.append(platform(name, rows)) }
      }
      guard !platforms.isEmpty else { throw malformed }
    }
    return SocialSentiment(symbol: symbol, from: from, to: to, platforms: platforms, source: source)
  }

  private static func platform(_ name: String, _ rows: [SentimentRow]) -> PlatformSentiment {
    func total(_ count: KeyPath<SentimentRow, Int?>) -> Int {
      rows.reduce(0) { $0 + ($1[keyPath: count] ?? 0) }
    }
    let scores = rows.compactMap { $0.score?.exactDecimal }
    let sum = scores.reduce(ExactDecimal.zero, +)
    let mean =
      sum.divided(by: ExactDecimal(scores.count), fractionDigits: 2)
      ?? ExactDecimal.zero.withFractionDigits(2)
    return PlatformSentiment(
      platform: name, mentions: total(\.mention), positiveMentions: total(\.positiveMention),
      negativeMentions: total(\.negativeMention), score: mean)
  }

  /// A price with at least cents (`187.9` → `187.90`; `0.4512` stays).
  static func price(_ value: ExactDecimal) -> Price {
    Price(exact: value.fractionDigits < 2 ? value.withFractionDigits(2) : value)
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}
