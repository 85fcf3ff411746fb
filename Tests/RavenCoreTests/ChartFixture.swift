import Foundation
import RavenCore

/// Builders for chart tests: New York wall-clock times and bars with explicit prices.
enum ChartFixture {
  static let newYork = ExchangeTimeZone()

  /// `hour:minute` New York time on `date` ("2026-11-17").
  static func time(_ date: String, _ hour: Int, _ minute: Int, second: Int = 0) -> Date {
    newYork.instant(
      on: MarketDate(date)!, secondsSinceMidnight: hour * 3600 + minute * 60 + second)
  }

  /// An instant written in UTC, to check what New York times mean ("2026-11-17T14:00:00Z").
  static func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
  }

  static func price(_ text: String) -> Price { Price(text)! }

  static func bar(
    _ time: Date, open: String, high: String, low: String, close: String, volume: Int64
  ) -> Bar {
    Bar(
      time: time, open: price(open), high: price(high), low: price(low), close: price(close),
      volume: volume)
  }

  /// One-minute bars from `from` for `count` minutes whose prices climb a cent a minute:
  /// bar `i` opens at `base + i¢`, reaches 5¢ above, dips 3¢ below and closes 2¢ above the
  /// open, and trades `100 + i` shares, so bucket totals can be worked out by hand.
  static func climbingMinuteBars(from start: Date, count: Int, baseCents: Int64 = 18_700) -> [Bar] {
    (0..<count).map { index in
      let open = baseCents + Int64(index)
      return Bar(
        time: start.addingTimeInterval(TimeInterval(index * 60)), open: Price(cents: open),
        high: Price(cents: open + 5), low: Price(cents: open - 3), close: Price(cents: open + 2),
        volume: 100 + Int64(index))
    }
  }

  /// New York wall-clock hour and minute of `instant`.
  static func localHourMinute(of instant: Date) -> (hour: Int, minute: Int) {
    let seconds = newYork.secondsSinceMidnight(of: instant)
    return (seconds / 3600, seconds % 3600 / 60)
  }
}
