import Foundation

/// A New York wall-clock unit that splits a chart into segments for highlighting the part
/// under the finger: the hour on a 1D chart, the day on 1W, the month on 1Y.
public enum ChartSegmentUnit: String, Sendable, Hashable, Codable, CaseIterable {
  /// A wall-clock hour, 10:00 … 10:59 (the session's first is 09:30 … 09:59).
  case hour
  /// A New York calendar day: one session.
  case day
  /// A calendar month.
  case month
  /// A calendar year.
  case year
}
