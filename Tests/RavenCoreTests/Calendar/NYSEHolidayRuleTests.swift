import Foundation
import RavenCore
import Testing

@Suite("NYSE holiday rules")
struct NYSEHolidayRuleTests {
  let calendar = NYSECalendar()

  @Test(
    "New Year's Day on a Saturday is not observed: the Friday before is a full trading day",
    arguments: ["2004-12-31", "2010-12-31", "2021-12-31", "2027-12-31", "2032-12-31"])
  func newYearOnSaturday(friday: String) throws {
    let date = day(friday)
    #expect(date.weekday == .friday)
    #expect(calendar.closure(on: date) == nil)
    let session = try #require(calendar.session(on: date))
    #expect(!session.isEarlyClose)
    // And nothing in the following week is closed in its place.
    let nextMonday = date.adding(days: 3)
    #expect(calendar.isTradingDay(nextMonday))
  }

  @Test(
    "A holiday on a Sunday is observed on the Monday",
    arguments: [
      ("2023-01-02", MarketClosure.newYearsDay),
      ("2017-01-02", .newYearsDay),
      ("2022-06-20", .juneteenth),
      ("2021-07-05", .independenceDay),
      ("2010-07-05", .independenceDay),
      ("2022-12-26", .christmasDay),
      ("2016-12-26", .christmasDay),
    ])
  func sundayHolidayObservedMonday(monday: String, closure: MarketClosure) throws {
    let date = day(monday)
    #expect(date.weekday == .monday)
    #expect(calendar.closure(on: date) == closure)
    #expect(try #require(calendar.holiday(on: date)).isObserved)
  }

  @Test(
    "A holiday on a Saturday is observed on the Friday",
    arguments: [
      ("2020-07-03", MarketClosure.independenceDay),
      ("2015-07-03", .independenceDay),
      ("2021-12-24", .christmasDay),
      ("2010-12-24", .christmasDay),
      ("2027-06-18", .juneteenth),
    ])
  func saturdayHolidayObservedFriday(friday: String, closure: MarketClosure) throws {
    let date = day(friday)
    #expect(date.weekday == .friday)
    #expect(calendar.closure(on: date) == closure)
    #expect(try #require(calendar.holiday(on: date)).isObserved)
  }

  @Test(
    "Each one-off closure, with the reason a CLI prints",
    arguments: [
      ("2001-09-11", MarketClosure.september11Attacks, "September 11 attacks"),
      ("2001-09-12", .september11Attacks, "September 11 attacks"),
      ("2001-09-13", .september11Attacks, "September 11 attacks"),
      ("2001-09-14", .september11Attacks, "September 11 attacks"),
      ("2004-06-11", .reaganDayOfMourning, "National Day of Mourning for President Ronald Reagan"),
      ("2007-01-02", .fordDayOfMourning, "National Day of Mourning for President Gerald R. Ford"),
      ("2012-10-29", .hurricaneSandy, "Hurricane Sandy"),
      ("2012-10-30", .hurricaneSandy, "Hurricane Sandy"),
      (
        "2018-12-05", .bushDayOfMourning,
        "National Day of Mourning for President George H. W. Bush"
      ),
      ("2025-01-09", .carterDayOfMourning, "National Day of Mourning for President Jimmy Carter"),
    ])
  func adHocClosure(date: String, closure: MarketClosure, name: String) {
    #expect(calendar.closure(on: day(date)) == closure)
    #expect(calendar.session(on: day(date)) == nil)
    #expect(closure.name == name)
    #expect(closure.isAdHoc)
  }

  @Test("The days around one-off closures trade as usual")
  func aroundAdHocClosures() {
    for date in [
      "2001-09-10", "2001-09-17", "2004-06-10", "2004-06-14", "2007-01-03",
      "2012-10-26", "2012-10-31", "2018-12-04", "2018-12-06", "2025-01-08", "2025-01-10",
    ] {
      #expect(calendar.isTradingDay(day(date)), "\(date)")
    }
  }

  @Test("Juneteenth closes the exchange from 2022 on, not before")
  func juneteenth() {
    #expect(calendar.isTradingDay(day("2020-06-19")))  // a Friday, before the holiday existed
    #expect(calendar.isTradingDay(day("2021-06-18")))  // Friday before a Saturday June 19, 2021
    #expect(calendar.closure(on: day("2022-06-20")) == .juneteenth)  // Sunday 19 → Monday
    #expect(calendar.closure(on: day("2023-06-19")) == .juneteenth)
    #expect(calendar.closure(on: day("2035-06-19")) == .juneteenth)
    let juneteenths = calendar.holidays.filter { $0.closure == .juneteenth }
    #expect(juneteenths.first?.date == day("2022-06-20"))
    #expect(juneteenths.count == 2035 - 2022 + 1)
  }

  /// Western Easter Sundays, from published tables.
  static let easterSundays = [
    "2000-04-23", "2001-04-15", "2002-03-31", "2003-04-20", "2004-04-11", "2005-03-27",
    "2006-04-16", "2007-04-08", "2008-03-23", "2009-04-12", "2010-04-04", "2011-04-24",
    "2012-04-08", "2013-03-31", "2014-04-20", "2015-04-05", "2016-03-27", "2017-04-16",
    "2018-04-01", "2019-04-21", "2020-04-12", "2021-04-04", "2022-04-17", "2023-04-09",
    "2024-03-31", "2025-04-20", "2026-04-05", "2027-03-28", "2028-04-16", "2029-04-01",
    "2030-04-21", "2031-04-13", "2032-03-28", "2033-04-17", "2034-04-09", "2035-03-25",
  ]

  @Test("Good Friday is the Friday before Easter Sunday, every year")
  func goodFriday() {
    let goodFridays = calendar.holidays.filter { $0.closure == .goodFriday }.map(\.date)
    #expect(goodFridays == Self.easterSundays.map { day($0).adding(days: -2) })
    #expect(goodFridays.allSatisfy { $0.weekday == .friday })
  }

  @Test("Every yearly holiday falls once a year on its rule's weekday")
  func yearlyHolidays() {
    let mondays: [MarketClosure] = [
      .martinLutherKingJrDay, .washingtonsBirthday, .memorialDay, .laborDay,
    ]
    for closure in mondays {
      let dates = calendar.holidays.filter { $0.closure == closure }.map(\.date)
      #expect(dates.count == 36, "\(closure)")
      #expect(dates.allSatisfy { $0.weekday == .monday }, "\(closure)")
    }
    let thanksgivings = calendar.holidays.filter { $0.closure == .thanksgivingDay }.map(\.date)
    #expect(thanksgivings.count == 36)
    #expect(thanksgivings.allSatisfy { $0.weekday == .thursday && (22...28).contains($0.day) })
    #expect(calendar.holidays.allSatisfy { !$0.date.isWeekend })
  }

  @Test("Christmas Eve closes early only Monday through Thursday")
  func christmasEve() throws {
    #expect(try #require(calendar.session(on: day("2024-12-24"))).isEarlyClose)  // Tuesday
    #expect(try #require(calendar.session(on: day("2025-12-24"))).isEarlyClose)  // Wednesday
    #expect(calendar.closure(on: day("2021-12-24")) == .christmasDay)  // Friday: observed
    // The Thursday before an observed Friday holiday is a full day.
    #expect(try #require(calendar.session(on: day("2021-12-23"))).isEarlyClose == false)
    // The day after Christmas trades a full day, even after a Thursday Christmas.
    #expect(try #require(calendar.session(on: day("2025-12-26"))).isEarlyClose == false)
    #expect(try #require(calendar.session(on: day("2014-12-26"))).isEarlyClose == false)
  }

  @Test("July 3 closes early only Monday through Thursday")
  func julyThird() throws {
    #expect(try #require(calendar.session(on: day("2023-07-03"))).isEarlyClose)  // Monday
    #expect(try #require(calendar.session(on: day("2019-07-03"))).isEarlyClose)  // Wednesday
    #expect(try #require(calendar.session(on: day("2025-07-03"))).isEarlyClose)  // Thursday
    // Friday July 3 is the observed holiday; the Thursday before is a full day.
    #expect(try #require(calendar.session(on: day("2020-07-02"))).isEarlyClose == false)
    #expect(try #require(calendar.session(on: day("2026-07-02"))).isEarlyClose == false)
  }

  @Test("Early closes before 2010 that the rules of today would not give")
  func historicEarlyCloses() throws {
    // Before 2013 the exchange traded a full Wednesday July 3 and closed early on the
    // Friday after a Thursday Independence Day.
    #expect(try #require(calendar.session(on: day("2002-07-03"))).isEarlyClose == false)
    #expect(try #require(calendar.session(on: day("2002-07-05"))).isEarlyClose)
    // Friday after a Thursday Christmas, 2003.
    #expect(try #require(calendar.session(on: day("2003-12-26"))).isEarlyClose)
    #expect(try #require(calendar.session(on: day("2008-12-26"))).isEarlyClose == false)
  }

  @Test("The day after Thanksgiving closes early every year")
  func dayAfterThanksgiving() {
    let thanksgivings = calendar.holidays.filter { $0.closure == .thanksgivingDay }
    let fridays = thanksgivings.map { calendar.session(on: $0.date.adding(days: 1)) }
    #expect(fridays.allSatisfy { $0?.isEarlyClose == true })
  }

  @Test("Closure reasons encode as stable identifiers and read as names")
  func closureNames() throws {
    #expect(MarketClosure.thanksgivingDay.name == "Thanksgiving Day")
    #expect(MarketClosure.goodFriday.description == "Good Friday")
    #expect(MarketClosure.martinLutherKingJrDay.name == "Martin Luther King, Jr. Day")
    #expect(MarketClosure.weekend.name == "Weekend")
    #expect(!MarketClosure.christmasDay.isAdHoc)
    let json = try JSONEncoder().encode([MarketClosure.hurricaneSandy])
    #expect(String(decoding: json, as: UTF8.self) == #"["hurricaneSandy"]"#)
    #expect(try JSONDecoder().decode([MarketClosure].self, from: json) == [.hurricaneSandy])
    #expect(Set(MarketClosure.allCases.map(\.name)).count == MarketClosure.allCases.count)
  }
}
