import Foundation

/// New York wall-clock readings for a run of instants that asks the time-zone database
/// about once per local day instead of once per instant.
///
/// Chart math converts every bar or point time to local time (a year of minute bars is
/// ~98,000 of them), and a Foundation time-zone lookup for each would dominate the cost.
/// The offset only changes at a daylight-saving transition (02:00 local, twice a year), so
/// one lookup serves a whole local day once both ends of that day are seen to share it.
/// Instants are whole UTC seconds since 1970 (`Int`), so bucket arithmetic is integer.
struct LocalTimeReader {
  let timeZone: ExchangeTimeZone
  /// `cachedOffset` holds for UTC seconds in `cachedStart ..< cachedEnd` (empty at first).
  private var cachedStart = 0
  private var cachedEnd = 0
  private var cachedOffset = 0

  init(timeZone: ExchangeTimeZone) { self.timeZone = timeZone }

  static let secondsPerDay = 86_400

  /// Whole seconds since 1970 at or before `date` (bars never carry fractions, but be exact).
  static func utcSeconds(of date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  /// Seconds to add to UTC to read New York wall-clock time at `utc`.
  mutating func utcOffset(atUTC utc: Int) -> Int {
    if utc >= cachedStart && utc < cachedEnd { return cachedOffset }
    let offset = lookUpOffset(utc)
    let dayStart = floorDivide(utc + offset, by: Self.secondsPerDay) * Self.secondsPerDay - offset
    let dayEnd = dayStart + Self.secondsPerDay
    // On a transition day the two ends disagree; such a day is looked up instant by instant
    // (it is a Sunday, so it holds few bars if any).
    if lookUpOffset(dayStart) == offset && lookUpOffset(dayEnd - 1) == offset {
      cachedStart = dayStart
      cachedEnd = dayEnd
      cachedOffset = offset
    }
    return offset
  }

  /// Wall-clock seconds since 1970-01-01 00:00 local, as if local time were UTC.
  mutating func localSeconds(atUTC utc: Int) -> Int {
    utc + utcOffset(atUTC: utc)
  }

  /// The New York calendar day containing `utc`.
  mutating func marketDate(atUTC utc: Int) -> MarketDate {
    MarketDate(dayNumber: floorDivide(localSeconds(atUTC: utc), by: Self.secondsPerDay))
  }

  /// The UTC start of the `seconds`-long wall-clock interval (aligned to local midnight)
  /// containing `utc`: 09:37 → 09:35 for five minutes, 09:30 → 09:00 for an hour.
  mutating func intervalStart(atUTC utc: Int, seconds: Int) -> Int {
    let offset = utcOffset(atUTC: utc)
    return floorDivide(utc + offset, by: seconds) * seconds - offset
  }

  private func lookUpOffset(_ utc: Int) -> Int {
    timeZone.utcOffset(at: Date(timeIntervalSince1970: TimeInterval(utc)))
  }
}

/// Division rounding toward −∞, so instants before 1970 (a MAX chart of an old stock)
/// land in the right day and interval.
func floorDivide(_ dividend: Int, by divisor: Int) -> Int {
  let quotient = dividend / divisor
  return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
}

extension MarketDate {
  /// Days since Monday: 0 on a Monday … 6 on a Sunday (weeks on charts start on Monday).
  var daysSinceMonday: Int { (weekday.rawValue + 6) % 7 }

  /// A number that is the same for every day of one calendar month and grows by one a month.
  var monthNumber: Int {
    let (year, month, _) = civil
    return year * 12 + month - 1
  }
}
