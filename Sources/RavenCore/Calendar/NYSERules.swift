/// The NYSE's holiday and early-close rules, applied to one year at a time.
///
/// The rules are the exchange's holiday rule and its published schedules: a holiday
/// on a Saturday is observed the Friday before and one on a Sunday the Monday after,
/// except that New Year's Day on a Saturday is not observed at all (the rule keeps the
/// exchange open on a Friday that ends an accounting year). Closures the exchange
/// announced for one occasion are listed in `adHocClosures`.
enum NYSERules {
  /// Every weekday of `year` on which the exchange is closed, in date order.
  static func holidays(in year: Int) -> [MarketHoliday] {
    var holidays: [MarketHoliday] = []
    let newYearsDay = day(year, 1, 1)
    switch newYearsDay.weekday {
    case .saturday: break  // Friday December 31 stays a trading day.
    case .sunday:
      holidays.append(
        MarketHoliday(date: newYearsDay.adding(days: 1), closure: .newYearsDay, isObserved: true))
    default: holidays.append(MarketHoliday(date: newYearsDay, closure: .newYearsDay))
    }
    holidays.append(MarketHoliday(date: nth(3, .monday, year, 1), closure: .martinLutherKingJrDay))
    holidays.append(MarketHoliday(date: nth(3, .monday, year, 2), closure: .washingtonsBirthday))
    holidays.append(
      MarketHoliday(date: easterSunday(in: year).adding(days: -2), closure: .goodFriday))
    holidays.append(MarketHoliday(date: last(.monday, year, 5), closure: .memorialDay))
    // Juneteenth became a federal holiday in 2021; the NYSE first closed for it in 2022.
    if year >= 2022 {
      holidays.append(observed(day(year, 6, 19), .juneteenth))
    }
    holidays.append(observed(day(year, 7, 4), .independenceDay))
    holidays.append(MarketHoliday(date: nth(1, .monday, year, 9), closure: .laborDay))
    holidays.append(MarketHoliday(date: nth(4, .thursday, year, 11), closure: .thanksgivingDay))
    holidays.append(observed(day(year, 12, 25), .christmasDay))
    holidays += adHocClosures.filter { $0.date.year == year }
    return holidays.sorted { $0.date < $1.date }
  }

  /// The days of `year` on which the exchange closes at 13:00, in date order.
  static func earlyCloses(in year: Int) -> [MarketDate] {
    var days: [MarketDate] = []
    let july3 = day(year, 7, 3)
    switch july3.weekday {
    case .monday, .tuesday, .thursday:
      days.append(july3)
    case .wednesday:
      // Before 2013, when July 4 fell on a Thursday the exchange traded a full
      // Wednesday and closed early on Friday July 5 instead (2002).
      days.append(year >= 2013 ? july3 : july3.adding(days: 2))
    default:
      // Friday July 3 is the observed holiday; on a weekend there is nothing to shorten.
      break
    }
    days.append(nth(4, .thursday, year, 11).adding(days: 1))
    let christmasEve = day(year, 12, 24)
    // On a Friday, Christmas Eve is the observed Christmas Day holiday.
    if ![.friday, .saturday, .sunday].contains(christmasEve.weekday) {
      days.append(christmasEve)
    }
    days += adHocEarlyCloses.filter { $0.year == year }
    return days.sorted()
  }

  /// Easter Sunday of `year` by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  static func easterSunday(in year: Int) -> MarketDate {
    let a = year % 19
    let b = year / 100
    let c = year % 100
    let d = b / 4
    let e = b % 4
    let f = (b + 8) / 25
    let g = (b - f + 1) / 3
    let h = (19 * a + b - d - g + 15) % 30
    let i = c / 4
    let k = c % 4
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 22 * l) / 451
    let month = (h + l - 7 * m + 114) / 31
    let dayOfMonth = (h + l - 7 * m + 114) % 31 + 1
    return day(year, month, dayOfMonth)
  }

  /// Weekday closures the exchange announced for one occasion, 2000 onward.
  static let adHocClosures: [MarketHoliday] = [
    MarketHoliday(date: day(2001, 9, 11), closure: .september11Attacks),
    MarketHoliday(date: day(2001, 9, 12), closure: .september11Attacks),
    MarketHoliday(date: day(2001, 9, 13), closure: .september11Attacks),
    MarketHoliday(date: day(2001, 9, 14), closure: .september11Attacks),
    MarketHoliday(date: day(2004, 6, 11), closure: .reaganDayOfMourning),
    MarketHoliday(date: day(2007, 1, 2), closure: .fordDayOfMourning),
    MarketHoliday(date: day(2012, 10, 29), closure: .hurricaneSandy),
    MarketHoliday(date: day(2012, 10, 30), closure: .hurricaneSandy),
    MarketHoliday(date: day(2018, 12, 5), closure: .bushDayOfMourning),
    MarketHoliday(date: day(2025, 1, 9), closure: .carterDayOfMourning),
  ]

  /// 13:00 closes the exchange announced outside the yearly rules, 2000 onward.
  static let adHocEarlyCloses: [MarketDate] = [
    day(2003, 12, 26)  // the Friday after Christmas Thursday
  ]

  // MARK: - Finding days

  /// A day known to exist; the rules only name real days.
  private static func day(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> MarketDate {
    MarketDate(dayNumber: MarketDate.daysFromCivil(year: year, month: month, day: dayOfMonth))
  }

  /// The `n`th `weekday` of `month` (the 3rd Monday of January).
  private static func nth(_ n: Int, _ weekday: Weekday, _ year: Int, _ month: Int) -> MarketDate {
    let first = day(year, month, 1)
    let daysToWeekday = (weekday.rawValue - first.weekday.rawValue + 7) % 7
    return first.adding(days: daysToWeekday + 7 * (n - 1))
  }

  /// The last `weekday` of `month` (the last Monday of May).
  private static func last(_ weekday: Weekday, _ year: Int, _ month: Int) -> MarketDate {
    let lastDay = day(year, month, MarketDate.daysIn(month: month, year: year))
    let daysBack = (lastDay.weekday.rawValue - weekday.rawValue + 7) % 7
    return lastDay.adding(days: -daysBack)
  }

  /// A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday.
  private static func observed(_ date: MarketDate, _ closure: MarketClosure) -> MarketHoliday {
    switch date.weekday {
    case .saturday: MarketHoliday(date: date.adding(days: -1), closure: closure, isObserved: true)
    case .sunday: MarketHoliday(date: date.adding(days: 1), closure: closure, isObserved: true)
    default: MarketHoliday(date: date, closure: closure)
    }
  }
}
