/// Why the exchange does not trade on a day.
///
/// Raw values are stable identifiers for JSON; `name` is for people.
public enum MarketClosure: String, Sendable, Hashable, Codable, CaseIterable,
  CustomStringConvertible
{
  case weekend

  // Holidays the exchange closes for every year.
  case newYearsDay
  case martinLutherKingJrDay
  case washingtonsBirthday
  case goodFriday
  case memorialDay
  case juneteenth
  case independenceDay
  case laborDay
  case thanksgivingDay
  case christmasDay

  // Closures announced for one occasion.
  case september11Attacks
  case reaganDayOfMourning
  case fordDayOfMourning
  case hurricaneSandy
  case bushDayOfMourning
  case carterDayOfMourning

  /// A weekday outside the years the calendar covers: no sessions are known there,
  /// so the calendar treats it as closed rather than guess.
  case outsideCalendar

  /// The name the exchange uses, e.g. "Thanksgiving Day", "Hurricane Sandy".
  public var name: String {
    switch self {
    case .weekend: "Weekend"
    case .newYearsDay: "New Year's Day"
    case .martinLutherKingJrDay: "Martin Luther King, Jr. Day"
    case .washingtonsBirthday: "Washington's Birthday"
    case .goodFriday: "Good Friday"
    case .memorialDay: "Memorial Day"
    case .juneteenth: "Juneteenth National Independence Day"
    case .independenceDay: "Independence Day"
    case .laborDay: "Labor Day"
    case .thanksgivingDay: "Thanksgiving Day"
    case .christmasDay: "Christmas Day"
    case .september11Attacks: "September 11 attacks"
    case .reaganDayOfMourning: "National Day of Mourning for President Ronald Reagan"
    case .fordDayOfMourning: "National Day of Mourning for President Gerald R. Ford"
    case .hurricaneSandy: "Hurricane Sandy"
    case .bushDayOfMourning: "National Day of Mourning for President George H. W. Bush"
    case .carterDayOfMourning: "National Day of Mourning for President Jimmy Carter"
    case .outsideCalendar:
      "Outside the calendar's years (\(NYSECalendar.firstYear)–\(NYSECalendar.lastYear))"
    }
  }

  /// Whether the exchange closed for a single occasion rather than a yearly holiday.
  public var isAdHoc: Bool {
    switch self {
    case .september11Attacks, .reaganDayOfMourning, .fordDayOfMourning, .hurricaneSandy,
      .bushDayOfMourning, .carterDayOfMourning:
      true
    default: false
    }
  }

  public var description: String { name }
}
