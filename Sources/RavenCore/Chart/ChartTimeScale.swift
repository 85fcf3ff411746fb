import Foundation

/// The linear map between a chart's time span and its width in pixels, both ways: a
/// scrubbing finger's x position to the time under it, and a time to where it is drawn.
public struct ChartTimeScale: Sendable, Hashable {
  /// The time at x = 0: the chart's first point.
  public var first: Date
  /// The time at x = `width`: the chart's last point.
  public var last: Date
  /// The drawing width in pixels (or points).
  public var width: Double

  public init(first: Date, last: Date, width: Double) {
    self.first = first
    self.last = last
    self.width = width
  }

  /// The time under `x`, with `x` clamped to `0 ... width` (a finger dragged past the edge
  /// stays on the first or last point); `first` for a chart without width.
  public func time(atX x: Double) -> Date {
    guard width > 0, x.isFinite else { return first }
    // Multiply before dividing so whole pixels of whole seconds map exactly.
    let clamped = Swift.min(Swift.max(x, 0), width)
    return first.addingTimeInterval(last.timeIntervalSince(first) * clamped / width)
  }

  /// Where `time` is drawn, unclamped; 0 when the chart spans no time.
  public func x(at time: Date) -> Double {
    let span = last.timeIntervalSince(first)
    guard span != 0 else { return 0 }
    return time.timeIntervalSince(first) * width / span
  }
}
