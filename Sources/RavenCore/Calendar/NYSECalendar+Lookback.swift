import Foundation

extension NYSECalendar {
  /// The instants a chart looking back `lookback` from `now` covers: from the start of
  /// its first session (or New York midnight of its first day) to `now`, or to the
  /// latest session's close once the exchange has closed. `nil` before the first session.
  ///
  /// Spans count back from the latest session, not from `now`, so a 1D chart on a
  /// Sunday shows Friday, and a 1W chart after a holiday still shows five sessions.
  public func interval(looking lookback: ChartLookback, backFrom now: Date) -> DateInterval? {
    guard let latest = latestSessionIndex(openedAtOrBefore: now) else { return nil }
    let session = sessions[latest]
    let end = min(now, session.close)
    let start: Date
    switch lookback {
    case .tradingDays(let count):
      start = sessions[max(latest - max(count, 1) + 1, 0)].open
    case .months(let count):
      start = timeZone.instant(on: session.date.adding(months: -count), secondsSinceMidnight: 0)
    case .years(let count):
      start = timeZone.instant(on: session.date.adding(years: -count), secondsSinceMidnight: 0)
    case .yearToDate:
      let january = MarketDate(year: session.date.year, month: 1, day: 1) ?? session.date
      start = timeZone.instant(on: january, secondsSinceMidnight: 0)
    case .all:
      start = timeZone.instant(on: coveredDates.lowerBound, secondsSinceMidnight: 0)
    }
    return DateInterval(start: start, end: max(end, start))
  }
}
