import Foundation

/// Segment labels in US English, built by hand rather than with `DateFormatter` so they
/// read the same on every machine and locale and cost no formatter per segment.
enum ChartLabel {
  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// Indexed by `Weekday.rawValue` (Sunday = 0).
  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// "9 AM", "12 PM", "3 PM", "12 AM" for `hour` in 0 ..< 24.
  static func hour(_ hour: Int) -> String {
    let twelveHour = hour % 12 == 0 ? 12 : hour % 12
    return "\(twelveHour) \(hour < 12 ? "AM" : "PM")"
  }

  /// "Mon 11/17": the weekday tells sessions apart across a weekend or a holiday.
  static func day(_ date: MarketDate) -> String {
    "\(weekdayNames[date.weekday.rawValue]) \(date.month)/\(date.day)"
  }

  /// "Nov 2026": a year of months crosses a New Year, so the year is always shown.
  static func month(_ date: MarketDate) -> String {
    "\(monthNames[date.month - 1]) \(date.year)"
  }
}
