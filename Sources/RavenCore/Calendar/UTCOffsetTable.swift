import Foundation

/// A time zone's UTC offsets over a span of time, read once from Foundation's
/// time-zone database.
///
/// `TimeZone.secondsFromGMT(for:)` takes a lock on every call; with many tasks
/// converting times at once (the simulated market, chart bucketing) it becomes a
/// point of contention. Looking the offset up among the few dozen transitions of
/// the covered years is a lock-free binary search over an immutable array, and
/// gives the same answer because the table is built from the same database:
/// `nextDaylightSavingTimeTransition(after:)` reports every change of the offset,
/// standard-time changes included, and each interval's offset is read from the
/// zone at the interval's start.
struct UTCOffsetTable: Sendable {
  /// Where each interval of constant offset begins, in seconds since 1970, ascending;
  /// the first is the start of coverage.
  private let starts: [Double]
  /// The offset in effect from `starts[i]` until `starts[i + 1]` (or the end of coverage).
  private let offsets: [Int]
  /// The end of coverage (exclusive), in seconds since 1970.
  private let end: Double

  /// Covers `[start, end)`.
  init(timeZone: TimeZone, from start: Date, to end: Date) {
    var starts = [start.timeIntervalSince1970]
    var offsets = [timeZone.secondsFromGMT(for: start)]
    var cursor = start
    while let transition = timeZone.nextDaylightSavingTimeTransition(after: cursor),
      transition < end
    {
      starts.append(transition.timeIntervalSince1970)
      offsets.append(timeZone.secondsFromGMT(for: transition))
      cursor = transition
    }
    self.starts = starts
    self.offsets = offsets
    self.end = end.timeIntervalSince1970
  }

  /// The offset in seconds at `secondsSince1970`, or `nil` outside the covered span
  /// (and for NaN, which compares false with everything).
  func offset(atSecondsSince1970 seconds: Double) -> Int? {
    guard seconds >= starts[0], seconds < end else { return nil }
    // Invariant: starts[low] <= seconds, and every start at or after `high` is later.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= seconds {
        low = middle
      } else {
        high = middle
      }
    }
    return offsets[low]
  }
}
