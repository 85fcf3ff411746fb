import Foundation
import RavenCore
import RavenMarketData

/// Turns Alpha Vantage's documented JSON shapes (`AlphaVantageDecoding+Answers.swift`) into
/// Raven's types. Alpha Vantage writes every number as text (`"187.9500"`); it is read
/// exactly, never through `Double`.
enum AlphaVantageDecoding {
  static let malformed = MarketDataError.unavailable(
    "Alpha Vantage sent an answer Raven cannot read")

  /// `{"Global Quote": {"01. symbol", "02. open", …, "05. price", …,
  /// "07. latest trading day", "08. previous close", …}}`; `{"Global Quote": {}}` for a
  /// symbol Alpha Vantage does not list.
  ///
  /// The quote is dated by its day only, so its time is that session's close, or `now`
  /// while the session is still open.
  static func quote(_ answer: QuoteAnswer, symbol: Symbol, calendar: NYSECalendar, now: Date)
    throws(MarketDataError) -> Quote
  {
    let fields = answer.fields
    guard !fields.isEmpty else { throw .unknownSymbol(symbol) }
    guard let price = fields.price, let day = fields.latestTradingDay.flatMap(MarketDate.init)
    else { throw malformed }
    guard price.isPositive else { throw .unknownSymbol(symbol) }
    func field(_ value: ExactDecimal?) -> Price { Price(upstream: value ?? price) }
    let close =
      calendar.session(on: day)?.close ?? calendar.timeZone.instant(on: day, hour: 16, minute: 0)
    return Quote(
      symbol: symbol, price: Price(upstream: price), open: field(fields.open),
      high: field(fields.high), low: field(fields.low), previousClose: field(fields.previousClose),
      time: min(close, now))
  }

  /// `{"bestMatches": [{"1. symbol", "2. name", "3. type", "4. region", …,
  /// "9. matchScore"}]}`, kept to stocks and ETFs listed in the United States (Alpha
  /// Vantage also answers `TSCO.LON`, Frankfurt listings and mutual funds), best match
  /// first, each symbol once.
  static func searchResults(_ answer: SearchAnswer, limit: Int) -> [SearchResult] {
    let ranked = answer.bestMatches.enumerated().sorted { lhs, rhs in
      let left = lhs.element.matchScore ?? .zero
      let right = rhs.element.matchScore ?? .zero
      return left != right ? left > right : lhs.offset < rhs.offset
    }
    var results: [SearchResult] = []
    var seen: Set<Symbol> = []
    for (_, row) in ranked where results.count < limit {
      guard row.region == "United States", let type = row.type, listedTypes.contains(type),
        let symbol = row.symbol.flatMap(Symbol.init), seen.insert(symbol).inserted
      else { continue }
      // Alpha Vantage's search names the region, not the exchange.
      results.append(SearchResult(symbol: symbol, name: row.name ?? symbol.rawValue, exchange: ""))
    }
    return results
  }

  private static let listedTypes: Set<String> = ["Equity", "ETF"]
}
