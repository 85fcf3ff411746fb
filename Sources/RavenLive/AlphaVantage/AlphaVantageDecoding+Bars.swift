import Foundation
import RavenCore
import RavenMarketData

extension AlphaVantageDecoding {
  /// `{"Meta Data": {…, "Time Zone": "US/Eastern"}, "Time Series (Daily)": {"2024-01-03":
  /// {"1. open", "2. high", "3. low", "4. close", "5. volume"}, …}}`, and the same with
  /// `"Time Series (60min)"` (stamped `2024-01-03 15:00:00`), `"Weekly Time Series"` and
  /// `"Monthly Time Series"` (dated by the period's last trading day).
  ///
  /// Intraday stamps are the bars' starts in the answer's time zone; day, week and month
  /// bars are restamped by Raven's convention (`UpstreamBarTimes`). Bars starting in
  /// `[from, to)`, oldest first.
  static func bars(
    _ answer: SeriesAnswer, resolution: BarResolution, from: Date, to: Date,
    times: UpstreamBarTimes
  ) throws(MarketDataError) -> [Bar] {
    let timeZone = try self.timeZone(answer.timeZone, default: times.calendar.timeZone)
    var bars: [Bar] = []
    bars.reserveCapacity(answer.rows.count)
    for (stamp, row) in answer.rows {
      let time: Date
      if let seconds = resolution.intradaySeconds {
        guard let start = intradayStart(stamp, in: timeZone) else { throw malformed }
        guard times.overlapsSession(start: start, seconds: seconds) else { continue }
        time = start
      } else {
        guard let day = MarketDate(String(stamp.prefix(10))) else { throw malformed }
        time = times.stamp(resolution, periodContaining: day)
      }
      guard time >= from, time < to else { continue }
      guard let volume = row.volume.exact.shareVolume else { throw malformed }
      bars.append(
        Bar(
          time: time, open: Price(upstream: row.open.exact), high: Price(upstream: row.high.exact),
          low: Price(upstream: row.low.exact), close: Price(upstream: row.close.exact),
          volume: volume))
    }
    return bars.sorted { $0.time < $1.time }
  }

  /// The zone named by `Meta Data`'s `"N. Time Zone"` entry (`US/Eastern`, or `UTC` for
  /// some markets); New York's when the answer names none.
  private static func timeZone(_ name: String?, default eastern: ExchangeTimeZone)
    throws(MarketDataError) -> ExchangeTimeZone
  {
    guard let name else { return eastern }
    if name == "US/Eastern" || name == eastern.timeZone.identifier { return eastern }
    guard TimeZone(identifier: name) != nil else { throw malformed }
    return ExchangeTimeZone(identifier: name)
  }

  /// `2024-01-03 15:00:00` (or `2024-01-03 15:00`) on the wall clock of `timeZone`.
  private static func intradayStart(_ stamp: String, in timeZone: ExchangeTimeZone) -> Date? {
    let parts = stamp.split(separator: " ")
    guard parts.count == 2, let day = MarketDate(String(parts[0])) else { return nil }
    let clock = parts[1].split(separator: ":").map { Int($0) }
    guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1],
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    let second = clock.count == 3 ? clock[2] : 0
    guard let second, (0..<60).contains(second) else { return nil }
    return timeZone.instant(on: day, secondsSinceMidnight: hour * 3600 + minute * 60 + second)
  }
}
