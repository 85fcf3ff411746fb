import Foundation
import Hummingbird
import RavenCore

/// What `/v2/account/portfolio/history` is asked for, read as Alpaca reads it: a span from two
/// of `period`, `start` and `end` (or `date_end`), and a `timeframe` (`1Min`, `5Min`, `15Min`,
/// `1H`, `1D`) that defaults, as Alpaca's does, to a minute for a period under 7 days, 15
/// minutes under 30 and a day beyond (a week is 7 days, a month 30, whatever sessions they
/// hold). Minute and hour points are for periods of at most 30 days.
struct AlpacaHistoryWindow: Sendable, Hashable {
  var interval: DateInterval
  var resolution: BarResolution

  /// The longest span intraday points are served for, as Alpaca's limit.
  static let intradayDays = 30.0

  init(_ query: Parameters, calendar: NYSECalendar, now: Date) throws {
    let start = try query["start"].map { try AlpacaFormat.parseTime(String($0), "start") }
    let end =
      try query["end"].map { try AlpacaFormat.parseEnd(String($0)) }
      ?? query["date_end"].map { try AlpacaFormat.parseEnd(String($0), "date_end") }
    let period = try query["period"].map { try Self.lookback(String($0)) }
    if start != nil, end != nil, period != nil {
      throw AlpacaError.unprocessable(
        "only two of start, end (or date_end) and period can be given at once")
    }
    let span: DateInterval?
    switch (start, end) {
    case (let start?, let end?):
      span = end > start ? DateInterval(start: start, end: end) : nil
    case (let start?, nil):
      let to = period.flatMap { Self.end(of: $0, from: start, calendar: calendar) } ?? now
      span = DateInterval(start: start, end: max(start, min(to, now)))
    case (nil, let end):
      span = calendar.interval(looking: period ?? .months(1), backFrom: min(end ?? now, now))
    }
    guard let span else { throw AlpacaError.unprocessable("end must be after start") }
    interval = span
    // A span without a period is a month back (30 days, as `1M`) unless start gives it.
    let days =
      try query["period"].map { try Self.days(String($0)) }
      ?? (start == nil ? 30 : span.duration / 86_400)
    if let text = query["timeframe"] {
      resolution = try Self.resolution(String(text))
      if resolution.isIntraday, days > Self.intradayDays {
        throw AlpacaError.unprocessable(
          "a timeframe under 1D is for a period of at most 30 days")
      }
    } else {
      resolution = days < 7 ? .minute : days < Self.intradayDays ? .fifteenMinutes : .day
    }
  }

  /// Alpaca's timeframe as the bars' width, and back.
  static let timeframes: [(String, BarResolution)] = [
    ("1Min", .minute), ("5Min", .fiveMinutes), ("15Min", .fifteenMinutes), ("1H", .hour),
    ("1D", .day),
  ]

  static func resolution(_ text: String) throws -> BarResolution {
    guard let found = timeframes.first(where: { $0.0.caseInsensitiveCompare(text) == .orderedSame })
    else { throw AlpacaError.unprocessable("invalid timeframe: \(text)") }
    return found.1
  }

  static func timeframe(_ resolution: BarResolution?) -> String {
    timeframes.first { $0.1 == resolution }?.0 ?? "1D"
  }

  /// A period: a number of days (sessions), weeks (five sessions), months or years (`A`),
  /// as `1D`, `2W`, `6M`, `1A`.
  static func lookback(_ text: String) throws -> ChartLookback {
    let upper = text.uppercased()
    guard let unit = upper.last, let count = Int(upper.dropLast()), (1...100).contains(count)
    else { throw AlpacaError.unprocessable("invalid period: \(text)") }
    switch unit {
    case "D": return .tradingDays(count)
    case "W": return .tradingDays(count * 5)
    case "M": return .months(count)
    case "A": return .years(count)
    default: throw AlpacaError.unprocessable("invalid period: \(text)")
    }
  }

  /// A period's length as Alpaca counts it for the timeframe: a week 7 days, a month 30, a
  /// year 365.
  static func days(_ period: String) throws -> Double {
    let count = Double(String(period.dropLast())) ?? 0
    switch try lookback(period) {
    case .tradingDays: return count * (period.uppercased().hasSuffix("W") ? 7 : 1)
    case .months: return count * 30
    default: return count * 365
    }
  }

  /// Where `lookback` ends counted forward from `start`: the close `count` sessions on, or the
  /// same time of day months or years later.
  static func end(of lookback: ChartLookback, from start: Date, calendar: NYSECalendar) -> Date? {
    let zone = calendar.timeZone
    let day = zone.marketDate(of: start)
    let seconds = Int(start.timeIntervalSince(zone.instant(on: day, secondsSinceMidnight: 0)))
    switch lookback {
    case .tradingDays(let count):
      guard let first = calendar.sessionIndex(closingAtOrAfter: start) else { return nil }
      return calendar.sessions[min(first + count - 1, calendar.sessions.count - 1)].close
    case .months(let count):
      return zone.instant(on: day.adding(months: count), secondsSinceMidnight: seconds)
    case .years(let count):
      return zone.instant(on: day.adding(years: count), secondsSinceMidnight: seconds)
    case .yearToDate, .all:
      return nil
    }
  }
}
