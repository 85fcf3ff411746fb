import Foundation
import RavenCore
import Testing

/// One year of the NYSE's published holiday schedule, written out by hand.
struct PublishedYear: Sendable, CustomTestStringConvertible {
  let year: Int
  /// Every weekday the exchange is closed, and why.
  let closed: [(date: String, closure: MarketClosure)]
  /// Every day the exchange closes at 13:00.
  let earlyCloses: [String]
  let tradingDays: Int

  var testDescription: String { String(year) }
}

@Suite("NYSE published schedules, 2024–2027")
struct NYSEPublishedScheduleTests {
  let calendar = NYSECalendar()

  static let years: [PublishedYear] = [
    PublishedYear(
      year: 2024,
      closed: [
        ("2024-01-01", .newYearsDay),
        ("2024-01-15", .martinLutherKingJrDay),
        ("2024-02-19", .washingtonsBirthday),
        ("2024-03-29", .goodFriday),
        ("2024-05-27", .memorialDay),
        ("2024-06-19", .juneteenth),
        ("2024-07-04", .independenceDay),
        ("2024-09-02", .laborDay),
        ("2024-11-28", .thanksgivingDay),
        ("2024-12-25", .christmasDay),
      ],
      earlyCloses: ["2024-07-03", "2024-11-29", "2024-12-24"],
      tradingDays: 252),
    PublishedYear(
      year: 2025,
      closed: [
        ("2025-01-01", .newYearsDay),
        ("2025-01-09", .carterDayOfMourning),
        ("2025-01-20", .martinLutherKingJrDay),
        ("2025-02-17", .washingtonsBirthday),
        ("2025-04-18", .goodFriday),
        ("2025-05-26", .memorialDay),
        ("2025-06-19", .juneteenth),
        ("2025-07-04", .independenceDay),
        ("2025-09-01", .laborDay),
        ("2025-11-27", .thanksgivingDay),
        ("2025-12-25", .christmasDay),
      ],
      earlyCloses: ["2025-07-03", "2025-11-28", "2025-12-24"],
      tradingDays: 250),
    PublishedYear(
      year: 2026,
      closed: [
        ("2026-01-01", .newYearsDay),
        ("2026-01-19", .martinLutherKingJrDay),
        ("2026-02-16", .washingtonsBirthday),
        ("2026-04-03", .goodFriday),
        ("2026-05-25", .memorialDay),
        ("2026-06-19", .juneteenth),
        ("2026-07-03", .independenceDay),  // observed: July 4 is a Saturday
        ("2026-09-07", .laborDay),
        ("2026-11-26", .thanksgivingDay),
        ("2026-12-25", .christmasDay),
      ],
      earlyCloses: ["2026-11-27", "2026-12-24"],
      tradingDays: 251),
    PublishedYear(
      year: 2027,
      closed: [
        ("2027-01-01", .newYearsDay),
        ("2027-01-18", .martinLutherKingJrDay),
        ("2027-02-15", .washingtonsBirthday),
        ("2027-03-26", .goodFriday),
        ("2027-05-31", .memorialDay),
        ("2027-06-18", .juneteenth),  // observed: June 19 is a Saturday
        ("2027-07-05", .independenceDay),  // observed: July 4 is a Sunday
        ("2027-09-06", .laborDay),
        ("2027-11-25", .thanksgivingDay),
        ("2027-12-24", .christmasDay),  // observed: December 25 is a Saturday
      ],
      earlyCloses: ["2027-11-26"],
      tradingDays: 251),
  ]

  @Test("Closed weekdays are exactly the published ones, with their reasons", arguments: years)
  func closedWeekdays(year: PublishedYear) {
    let actual = days(of: year.year).filter { !$0.isWeekend }.compactMap { date in
      calendar.closure(on: date).map { "\(date) \($0.rawValue)" }
    }
    let expected = year.closed.map { "\($0.date) \($0.closure.rawValue)" }
    #expect(actual == expected)
  }

  @Test("The holiday list holds the same days", arguments: years)
  func holidayList(year: PublishedYear) {
    let listed = calendar.holidays.filter { $0.date.year == year.year }
    #expect(listed.map(\.date) == year.closed.map { day($0.date) })
    #expect(listed.map(\.closure) == year.closed.map(\.closure))
  }

  @Test("Early closes are exactly the published ones, at 13:00 New York time", arguments: years)
  func earlyCloses(year: PublishedYear) {
    let sessions = calendar.sessions(
      from: day("\(year.year)-01-01"), through: day("\(year.year)-12-31"))
    let early = sessions.filter(\.isEarlyClose)
    #expect(early.map(\.date.description) == year.earlyCloses)
    for session in early {
      #expect(calendar.timeZone.secondsSinceMidnight(of: session.close) == 13 * 3600)
      #expect(session.close.timeIntervalSince(session.open) == 3.5 * 3600)
    }
  }

  @Test("Trading days per year", arguments: years)
  func tradingDayCount(year: PublishedYear) {
    let first = day("\(year.year)-01-01")
    let last = day("\(year.year)-12-31")
    #expect(calendar.tradingDayCount(from: first, through: last) == year.tradingDays)
    // Every weekday is either a session or a published closure: nothing else is missing.
    let weekdays = days(of: year.year).filter { !$0.isWeekend }.count
    #expect(weekdays - year.closed.count == year.tradingDays)
  }

  @Test("Observed holidays are marked as observed")
  func observedNames() throws {
    let independence = try #require(calendar.holiday(on: day("2026-07-03")))
    #expect(independence.isObserved)
    #expect(independence.name == "Independence Day (observed)")
    let christmas = try #require(calendar.holiday(on: day("2027-12-24")))
    #expect(christmas.isObserved)
    #expect(christmas.name == "Christmas Day (observed)")
    let thanksgiving = try #require(calendar.holiday(on: day("2026-11-26")))
    #expect(!thanksgiving.isObserved)
    #expect(thanksgiving.name == "Thanksgiving Day")
    #expect(calendar.holiday(on: day("2026-11-27")) == nil)
  }
}

/// Trading days per year as the exchange's schedules give them: the rules must
/// reproduce every year's count, ad-hoc closures included.
@Suite("NYSE trading days per year, 2000–2023")
struct NYSEYearlyCountTests {
  static let counts: [(year: Int, tradingDays: Int)] = [
    (2000, 252), (2001, 248), (2002, 252), (2003, 252), (2004, 252), (2005, 252),
    (2006, 251), (2007, 251), (2008, 253), (2009, 252), (2010, 252), (2011, 252),
    (2012, 250), (2013, 252), (2014, 252), (2015, 252), (2016, 252), (2017, 251),
    (2018, 251), (2019, 252), (2020, 253), (2021, 252), (2022, 251), (2023, 250),
  ]

  @Test("Trading days per year")
  func counts() {
    let calendar = NYSECalendar()
    for (year, expected) in Self.counts {
      let count = calendar.tradingDayCount(
        from: day("\(year)-01-01"), through: day("\(year)-12-31"))
      #expect(count == expected, "\(year)")
    }
  }
}
