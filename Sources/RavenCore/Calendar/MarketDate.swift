import Foundation

/// A calendar day as the exchange names it (`2026-11-27`), with no time or time zone.
///
/// Stored as a day number (days since 1970-01-01) so that comparing, stepping and
/// finding the weekday are integer arithmetic; the civil-date conversions are
/// Howard Hinnant's `days_from_civil` / `civil_from_days`, exact for the proleptic
/// Gregorian calendar.
public struct MarketDate: Sendable, Hashable, Comparable, TextCodable {
  /// Days since 1970-01-01.
  public let dayNumber: Int

  public init(dayNumber: Int) { self.dayNumber = dayNumber }

  /// `nil` when the parts do not name a real day (2026-02-30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...MarketDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.dayNumber = MarketDate.daysFromCivil(year: year, month: month, day: day)
  }

  /// Parses `YYYY-MM-DD`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  public var year: Int { civil.year }
  public var month: Int { civil.month }
  public var day: Int { civil.day }

  public var weekday: Weekday { Weekday(rawValue: ((dayNumber % 7) + 7 + 4) % 7)! }

  public var isWeekend: Bool { weekday == .saturday || weekday == .sunday }

  public func adding(days: Int) -> MarketDate { MarketDate(dayNumber: dayNumber + days) }

  public static func - (lhs: MarketDate, rhs: MarketDate) -> Int { lhs.dayNumber - rhs.dayNumber }

  public static func < (lhs: MarketDate, rhs: MarketDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

  public var description: String {
    let (year, month, day) = civil
    return "\(Self.padded(year, to: 4))-\(Self.padded(month, to: 2))-\(Self.padded(day, to: 2))"
  }

  public static let textFormat = "a date as YYYY-MM-DD"
}

/// Days of the week, numbered as `Calendar` does (Sunday = 0 here).
public enum Weekday: Int, Sendable, CaseIterable {
  case sunday, monday, tuesday, wednesday, thursday, friday, saturday
}

extension MarketDate {
  var civil: (year: Int, month: Int, day: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func padded(_ number: Int, to width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(width - digits.count, 0)) + digits
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
