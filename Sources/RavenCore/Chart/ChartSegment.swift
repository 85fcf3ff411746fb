import Foundation

/// One unit of a chart (an hour, a day, a month, a year in New York time) and the points
/// that fall in it, highlighted together while the finger scrubs through it.
public struct ChartSegment: Sendable, Hashable, Codable {
  /// Where the unit starts on the New York wall clock (10:00, midnight, the 1st, January 1),
  /// which may be before its first point (the 09:00 hour's first point is 09:30).
  public var start: Date
  /// Where the next unit starts: the segment covers `start ..< end`.
  public var end: Date
  /// The index of the segment's first point.
  public var firstIndex: Int
  /// The index of the segment's last point.
  public var lastIndex: Int
  /// How the unit reads on screen: "10 AM", "Mon 11/17", "Nov 2026", "2026".
  public var label: String

  public init(start: Date, end: Date, firstIndex: Int, lastIndex: Int, label: String) {
    self.start = start
    self.end = end
    self.firstIndex = firstIndex
    self.lastIndex = lastIndex
    self.label = label
  }

  /// The indices of the points in this segment.
  public var pointIndices: ClosedRange<Int> { firstIndex...lastIndex }
}
