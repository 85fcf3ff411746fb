import Foundation

/// A chart's points split into segments of one New York wall-clock unit, with the
/// logarithmic lookups a scrubbing finger needs on every move: from a time to the nearest
/// point and from a point or time to its segment.
///
/// Only units that hold points become segments, so a 1W chart has one segment per session
/// and none for the weekend; `segmentIndex(containing:)` answers `nil` in such a gap.
public struct ChartSegments: Sendable {
  /// The wall-clock unit each segment spans.
  public let unit: ChartSegmentUnit
  /// The point times the segments index into, sorted ascending.
  public let times: [Date]
  /// The segments in time order; together they hold every point exactly once.
  public let segments: [ChartSegment]

  /// Segments of `unit` over `times`, which must be sorted ascending (as bars are).
  public init(
    times: [Date], unit: ChartSegmentUnit, timeZone: ExchangeTimeZone = ExchangeTimeZone()
  ) {
    self.unit = unit
    self.times = times
    self.segments = Self.build(times: times, unit: unit, timeZone: timeZone)
  }

  /// Segments of `unit` over the times of `points`, which must be sorted by time.
  public init(
    points: [ChartPoint], unit: ChartSegmentUnit, timeZone: ExchangeTimeZone = ExchangeTimeZone()
  ) {
    self.init(times: points.map(\.time), unit: unit, timeZone: timeZone)
  }

  /// The index of the point whose time is nearest to `time` (the earlier one on a tie, the
  /// first or last point beyond either end); `nil` when there are no points.
  public func pointIndex(nearest time: Date) -> Int? {
    guard !times.isEmpty else { return nil }
    let after = firstIndex(in: times.count) { times[$0] >= time }
    if after == 0 { return 0 }
    if after == times.count { return times.count - 1 }
    let before = after - 1
    let distanceBefore = time.timeIntervalSince(times[before])
    let distanceAfter = times[after].timeIntervalSince(time)
    return distanceAfter < distanceBefore ? after : before
  }

  /// The index of the segment whose unit contains `time`; `nil` when `time` falls in a gap
  /// between segments (a night, a weekend) or outside the chart.
  public func segmentIndex(containing time: Date) -> Int? {
    let after = firstIndex(in: segments.count) { segments[$0].start > time }
    guard after > 0, time < segments[after - 1].end else { return nil }
    return after - 1
  }

  /// The index of the segment holding the point at `pointIndex`; `nil` when there is no
  /// such point.
  public func segmentIndex(ofPoint pointIndex: Int) -> Int? {
    guard times.indices.contains(pointIndex) else { return nil }
    return firstIndex(in: segments.count) { segments[$0].lastIndex >= pointIndex }
  }

  /// The first index in `0 ..< count` where `isPast` holds, given that it holds from some
  /// index on (binary search); `count` when it never does.
  private func firstIndex(in count: Int, where isPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
