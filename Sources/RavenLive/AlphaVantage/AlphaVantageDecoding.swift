import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Turns Alpha Vantage's documented JSON shapes into Raven's types. Alpha Vantage writes
/// every number as text (`"187.9500"`); it is read exactly, never through `Double`.
enum AlphaVantageDecoding {
  static let malformed = MarketDataError.unavailable(
    "Alpha Vantage sent an answer Raven cannot read")

  /// `{"Global Quote": {"01. symbol", "02. open", …, "05. price", …,
  /// "07. latest trading day", "08. previous close", …}}`; `{"Global Quote": {}}` for a
  /// symbol Alpha Vantage does not list.
  ///
  /// The quote is dated by its day only, so its time is that session's close, or `now`
  /// while the session is still open.
  static func quote(_ json: JSONValue, symbol: Symbol, calendar: NYSECalendar, now: Date)
    throws(MarketDataError) -> Quote
  {
    guard let fields = json["Global Quote"]?.object else { throw malformed }
    guard !fields.isEmpty else { throw .unknownSymbol(symbol) }
    guard let price = fields["05. price"]?.decimalOrNumericText,
      let day = fields["07. latest trading day"]?.string.flatMap(MarketDate.init)
    else { throw malformed }
    guard price.isPositive else { throw .unknownSymbol(symbol) }
    func field(_ key: String) -> Price {
      Price(upstream: fields[key]?.decimalOrNumericText ?? price)
    }
    let close =
      calendar.session(on: day)?.close ?? calendar.timeZone.instant(on: day, hour: 16, minute: 0)
    return Quote(
      symbol: symbol, price: Price(upstream: price), open: field("02. open"),
      high: field("03. high"), low: field("04. low"), previousClose: field("08. previous close"),
      time: min(close, now))
  }

  /// `{"bestMatches": [{"1. symbol", "2. name", "3. type", "4. region", …,
  /// "9. matchScore"}]}`, kept to stocks and ETFs listed in the United States (Alpha
  /// Vantage also answers `TSCO.LON`, Frankfurt listings and mutual funds), best match
  /// first, each symbol once.
  static func searchResults(_ json: JSONValue, limit: Int) throws(MarketDataError)
    -> [SearchResult]
  {
    guard let rows = json["bestMatches"]?.array else { throw malformed }
    let ranked = rows.enumerated().sorted { lhs, rhs in
      let left = score(lhs.element)
      let right = score(rhs.element)
      return left != right ? left > right : lhs.offset < rhs.offset
    }
    var results: [SearchResult] = []
    var seen: Set<Symbol> = []
    for (_, row) in ranked where results.count < limit {
      guard row["4. region"]?.string == "United States",
        let type = row["3. type"]?.string, listedTypes.contains(type),
        let symbol = row["1. symbol"]?.string.flatMap(Symbol.init), seen.insert(symbol).inserted
      else { continue }
      // Alpha Vantage's search names the region, not the exchange.
      results.append(
        SearchResult(symbol: symbol, name: row["2. name"]?.string ?? symbol.rawValue, exchange: ""))
    }
    return results
  }

  private static let listedTypes: Set<String> = ["Equity", "ETF"]

  private static func score(_ row: JSONValue) -> ExactDecimal {
    row["9. matchScore"]?.decimalOrNumericText ?? .zero
  }
}
