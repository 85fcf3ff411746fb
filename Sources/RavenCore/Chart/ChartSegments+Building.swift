import Foundation

extension ChartSegments {
  /// One pass over the times: a new segment starts where a time's unit differs from the
  /// previous time's.
  static func build(
    times: [Date], unit: ChartSegmentUnit, timeZone: ExchangeTimeZone
  ) -> [ChartSegment] {
    var clock = LocalTimeReader(timeZone: timeZone)
    var segments: [ChartSegment] = []
    var currentKey = 0
    for (index, time) in times.enumerated() {
      let utc = LocalTimeReader.utcSeconds(of: time)
      let key = unitKey(utc: utc, unit: unit, clock: &clock)
      if let last = segments.indices.last, key == currentKey {
        segments[last].lastIndex = index
      } else {
        segments.append(segment(utc: utc, unit: unit, index: index, clock: &clock))
        currentKey = key
      }
    }
    return segments
  }

  /// A number shared by all times in one unit, non-decreasing over sorted times.
  private static func unitKey(utc: Int, unit: ChartSegmentUnit, clock: inout LocalTimeReader) -> Int
  {
    switch unit {
    // The UTC start of the hour: local hours repeat when daylight saving time ends.
    case .hour: return clock.intervalStart(atUTC: utc, seconds: 3600)
    case .day: return clock.marketDate(atUTC: utc).dayNumber
    case .month: return clock.marketDate(atUTC: utc).monthNumber
    case .year: return clock.marketDate(atUTC: utc).year
    }
  }

  /// The segment of `unit` that starts with the point at `index`.
  private static func segment(
    utc: Int, unit: ChartSegmentUnit, index: Int, clock: inout LocalTimeReader
  ) -> ChartSegment {
    let timeZone = clock.timeZone
    let date = clock.marketDate(atUTC: utc)
    let start: Date
    let end: Date
    let label: String
    switch unit {
    case .hour:
      let hourStart = clock.intervalStart(atUTC: utc, seconds: 3600)
      start = Date(timeIntervalSince1970: TimeInterval(hourStart))
      end = Date(timeIntervalSince1970: TimeInterval(hourStart + 3600))
      let localHour = floorDivide(clock.localSeconds(atUTC: hourStart), by: 3600) % 24
      label = ChartLabel.hour(localHour < 0 ? localHour + 24 : localHour)
    case .day:
      start = timeZone.instant(on: date, secondsSinceMidnight: 0)
      end = timeZone.instant(on: date.adding(days: 1), secondsSinceMidnight: 0)
      label = ChartLabel.day(date)
    case .month:
      let first = MarketDate(dayNumber: date.dayNumber - date.day + 1)
      let next = MarketDate(
        year: date.month == 12 ? date.year + 1 : date.year, month: date.month % 12 + 1, day: 1)!
      start = timeZone.instant(on: first, secondsSinceMidnight: 0)
      end = timeZone.instant(on: next, secondsSinceMidnight: 0)
      label = ChartLabel.month(date)
    case .year:
      start = timeZone.instant(
        on: MarketDate(year: date.year, month: 1, day: 1)!, secondsSinceMidnight: 0)
      end = timeZone.instant(
        on: MarketDate(year: date.year + 1, month: 1, day: 1)!, secondsSinceMidnight: 0)
      label = String(date.year)
    }
    return ChartSegment(start: start, end: end, firstIndex: index, lastIndex: index, label: label)
  }
}
