import Foundation
import Hummingbird
import RavenCore

/// `GET /v2/stocks/bars`'s query: `symbols`, `timeframe`, `start` and `end` (RFC 3339 or a
/// date, a date `end` meaning that whole day; both inclusive, as Alpaca's), `limit` (1 to 10,000 bars in a page, across symbols; 1,000 by default), `sort`
/// (asc or desc), `page_token`; `feed`, `adjustment`, `asof` and `currency` are accepted
/// (Raven has one feed and no splits).
struct AlpacaBarsQuery: Sendable {
  var symbols: [Symbol]
  var timeframe: AlpacaTimeframe
  var start: Date
  var end: Date
  var limit: Int
  var ascending: Bool
  /// Which actions the prices are adjusted for: Alpaca's `adjustment`, `raw` by default
  /// (and always for the trades and quotes routes, whose prints are as they traded).
  var adjustment: BarAdjustment
  /// Where this page begins: the symbol's index in `symbols` and the time of its first bar.
  var cursor: AlpacaPageToken?

  /// `now` is the market's: an `end` after it is cut at it, so a bot computing windows from
  /// its own clock gets what exists; `start` defaults to the beginning of now's New York day.
  /// `symbols` is the path's one symbol in the single-symbol form
  /// (`/v2/stocks/{symbol}/bars`), else the query's; `timeframe` is fixed for the trades and
  /// quotes routes (minutes, whose prints they are), else the query's.
  init(
    _ query: Parameters, symbols: [Symbol]? = nil, timeframe: AlpacaTimeframe? = nil, now: Date,
    calendar: NYSECalendar
  ) throws {
    let zone = calendar.timeZone
    self.symbols = try (symbols ?? AlpacaMarketDataController.symbols(query)).sorted()
    // Prints (trades and quotes) come with a fixed timeframe and as they traded.
    let readsBars = timeframe == nil
    guard let timeframe = timeframe ?? query["timeframe"].flatMap({ AlpacaTimeframe(String($0)) })
    else { throw AlpacaError.unprocessable("invalid timeframe") }
    self.timeframe = timeframe
    start =
      try query["start"].map { try AlpacaFormat.parseTime(String($0), "start") }
      ?? zone.instant(on: zone.marketDate(of: now), secondsSinceMidnight: 0)
    end = min(try query["end"].map { try AlpacaFormat.parseEnd(String($0)) } ?? now, now)
    // Nothing trades outside the calendar's sessions (the market's whole history): a range
    // is walked only where it meets them, so `start=0001-01-01` costs nothing.
    if let first = calendar.sessions.first, let last = calendar.sessions.last {
      start = max(start, first.open)
      end = min(end, last.close)
    }
    limit = 1_000
    if let text = query["limit"] {
      guard let limit = Int(String(text)), (1...10_000).contains(limit) else {
        throw AlpacaError.unprocessable("limit must be 1 to 10000")
      }
      self.limit = limit
    }
    adjustment = .raw
    if readsBars, let text = query["adjustment"] {
      guard let adjustment = BarAdjustment(rawValue: String(text)) else {
        throw AlpacaError.badRequest("invalid adjustment: use raw, split, dividend or all")
      }
      self.adjustment = adjustment
    }
    switch query["sort"].map({ String($0).lowercased() }) {
    case nil, "asc": ascending = true
    case "desc": ascending = false
    default: throw AlpacaError.unprocessable("sort must be asc or desc")
    }
    cursor = try query["page_token"].map { text in
      guard let token = AlpacaPageToken(String(text)), token.symbolIndex < self.symbols.count else {
        throw AlpacaError.unprocessable("invalid page_token")
      }
      return token
    }
  }
}

extension AlpacaBarsQuery {
  /// The range this page reads of the symbol at `index`: the query's, from where the page
  /// token left off when it names that symbol (its time is the first item not yet sent).
  func range(ofSymbolAt index: Int) -> (lower: Date, upper: Date) {
    guard let cursor, cursor.symbolIndex == index else { return (start, end) }
    return ascending
      ? (max(start, cursor.time), end)
      : (start, min(end, cursor.time.addingTimeInterval(0.000_001)))
  }
}

/// Where the next page of bars begins, opaque to clients: base64 of `index:microseconds`.
struct AlpacaPageToken: Sendable, Hashable {
  var symbolIndex: Int
  var time: Date

  init(symbolIndex: Int, time: Date) {
    self.symbolIndex = symbolIndex
    self.time = time
  }

  init?(_ text: String) {
    guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8)
    else { return nil }
    let parts = plain.split(separator: ":")
    guard parts.count == 2, let index = Int(parts[0]), index >= 0,
      let micros = Int64(parts[1])
    else { return nil }
    symbolIndex = index
    time = Date(timeIntervalSince1970: TimeInterval(micros) / 1_000_000)
  }

  var text: String {
    let micros = Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
    return Data("\(symbolIndex):\(micros)".utf8).base64EncodedString()
  }
}
