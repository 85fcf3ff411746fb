import Foundation

/// Turns bars into coarser bars (minutes into hours, days into weeks), bucketed by New York
/// wall-clock time.
///
/// - Intraday buckets are aligned to local midnight, as Alpaca aligns its bars: 5-minute
///   bars start at :00, :05, …; hourly bars at :00, so the 09:30 bar opens the 09:00 bucket
///   and a session has a short 09:00 bar followed by 10:00 … 15:00. The bucket's time is
///   the aligned start.
/// - Daily buckets are New York calendar days, weekly buckets weeks starting on Monday and
///   monthly buckets calendar months. Their time is the time of the first bar in the bucket,
///   so a week whose Monday is a holiday is dated by its Tuesday session.
///
/// Each bucket opens at the first bar's open, closes at the last bar's close, spans the
/// highest high and lowest low and sums the volume. Resampling to a resolution no coarser
/// than the input's leaves each bar alone (aligned, for intraday targets).
///
/// One pass, with the time-zone offset looked up about once per day, so a year of minute
/// bars (~98,000) resamples without a Foundation calendar call per bar.
public struct BarResampler: Sendable {
  /// The exchange's wall clock, which decides where days, weeks and hours begin.
  public let timeZone: ExchangeTimeZone

  public init(timeZone: ExchangeTimeZone = ExchangeTimeZone()) {
    self.timeZone = timeZone
  }

  /// `bars` grouped into buckets of `resolution`, sorted by time. Bars are expected sorted
  /// by time, as providers return them; unsorted input is sorted first.
  public func resample(_ bars: [Bar], to resolution: BarResolution) -> [Bar] {
    let input = bars.isSortedByTime ? bars : bars.sorted { $0.time < $1.time }
    var clock = LocalTimeReader(timeZone: timeZone)
    var output: [Bar] = []
    var bucket: Bar?
    var bucketKey = 0
    for bar in input {
      let (key, start) = Self.bucket(of: bar, resolution: resolution, clock: &clock)
      if var current = bucket, key == bucketKey {
        current.merge(bar)
        bucket = current
      } else {
        if let finished = bucket { output.append(finished) }
        var opened = bar
        opened.time = start
        bucket = opened
        bucketKey = key
      }
    }
    if let finished = bucket { output.append(finished) }
    return output
  }

  /// A number shared by every bar of one bucket, non-decreasing over sorted bars, and the
  /// time a bucket opened by `bar` carries.
  private static func bucket(
    of bar: Bar, resolution: BarResolution, clock: inout LocalTimeReader
  ) -> (key: Int, start: Date) {
    let utc = LocalTimeReader.utcSeconds(of: bar.time)
    if let seconds = resolution.intradaySeconds {
      // The UTC start, not the local one, is the key: local time runs back an hour when
      // daylight saving time ends, UTC never does.
      let start = clock.intervalStart(atUTC: utc, seconds: seconds)
      return (start, Date(timeIntervalSince1970: TimeInterval(start)))
    }
    let date = clock.marketDate(atUTC: utc)
    switch resolution {
    case .week: return (date.dayNumber - date.daysSinceMonday, bar.time)
    case .month: return (date.monthNumber, bar.time)
    default: return (date.dayNumber, bar.time)  // .day; intraday returned above
    }
  }
}

extension Bar {
  /// Extends this bar (the earlier one) by `later`.
  fileprivate mutating func merge(_ later: Bar) {
    if later.high > high { high = later.high }
    if later.low < low { low = later.low }
    close = later.close
    volume += later.volume
  }
}

extension Array where Element == Bar {
  fileprivate var isSortedByTime: Bool {
    zip(self, dropFirst()).allSatisfy { $0.time <= $1.time }
  }
}
