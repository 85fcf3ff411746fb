import Foundation
import RavenCore

/// Instants as a person in New York reads them: "Nov 20, 2026, 4:00 PM ET".
/// Market times are New York times whatever the machine's own zone.
enum NewYorkTime {
  /// "Nov 20, 2026 at 4:00 PM ET".
  static func format(_ date: Date, calendar: NYSECalendar) -> String {
    date.formatted(style(calendar, date: .abbreviated, time: .shortened)) + " ET"
  }

  /// "4:00 PM".
  static func time(_ date: Date, calendar: NYSECalendar) -> String {
    date.formatted(style(calendar, date: .omitted, time: .shortened))
  }

  /// "Nov 20, 2026".
  static func day(_ date: Date, calendar: NYSECalendar) -> String {
    date.formatted(style(calendar, date: .abbreviated, time: .omitted))
  }

  private static func style(
    _ calendar: NYSECalendar, date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle
  ) -> Date.FormatStyle {
    Date.FormatStyle(
      date: date, time: time, locale: Locale(identifier: "en_US_POSIX"),
      timeZone: calendar.timeZone.timeZone)
  }
}
