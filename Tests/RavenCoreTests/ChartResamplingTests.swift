import Foundation
import RavenCore
import Testing

@Suite("Bar resampling")
struct ChartResamplingTests {
  typealias F = ChartFixture
  let resampler = BarResampler()

  @Test func hourlyBucketsStartOnTheHourSoTheOpeningHalfHourIsTheNineOClockBar() {
    // Tuesday 2026-11-17 (EST, UTC−5): 90 one-minute bars, 09:30 … 10:59.
    let minutes = F.climbingMinuteBars(from: F.time("2026-11-17", 9, 30), count: 90)

    let hours = resampler.resample(minutes, to: .hour)

    // 09:00 holds bars 0…29 (09:30 … 09:59): opens 187.00, highest high 187.29 + 0.05,
    // lowest low 187.00 − 0.03, closes 187.29 + 0.02, volume 100 + … + 129.
    // 10:00 holds bars 30…89: opens 187.30, high 187.89 + 0.05, low 187.30 − 0.03,
    // close 187.89 + 0.02, volume 130 + … + 189.
    #expect(
      hours == [
        F.bar(
          F.utc("2026-11-17T14:00:00Z"), open: "187.00", high: "187.34", low: "186.97",
          close: "187.31", volume: 3435),
        F.bar(
          F.utc("2026-11-17T15:00:00Z"), open: "187.30", high: "187.94", low: "187.27",
          close: "187.91", volume: 9570),
      ])
  }

  @Test func hourlyBucketsFollowNewYorkTimeInSummer() {
    // 2026-07-15 is EDT (UTC−4): the 09:00 bucket starts at 13:00 UTC, not 14:00.
    let minutes = F.climbingMinuteBars(from: F.time("2026-07-15", 9, 30), count: 2)

    let hours = resampler.resample(minutes, to: .hour)

    #expect(hours.map(\.time) == [F.utc("2026-07-15T13:00:00Z")])
  }

  @Test func fiveMinuteBucketsStartAtMultiplesOfFiveMinutes() {
    let day = "2026-11-17"
    let minutes = [
      F.bar(
        F.time(day, 9, 33), open: "10.00", high: "10.10", low: "9.95", close: "10.05", volume: 5),
      F.bar(
        F.time(day, 9, 34), open: "10.05", high: "10.20", low: "10.00", close: "10.15", volume: 7),
      F.bar(
        F.time(day, 9, 35), open: "10.15", high: "10.16", low: "9.80", close: "9.90", volume: 11),
      F.bar(
        F.time(day, 9, 37), open: "9.90", high: "10.40", low: "9.90", close: "10.30", volume: 13),
      F.bar(
        F.time(day, 9, 39), open: "10.30", high: "10.35", low: "10.25", close: "10.25", volume: 17),
      F.bar(
        F.time(day, 9, 40), open: "10.25", high: "10.25", low: "10.10", close: "10.12", volume: 19),
    ]

    let fives = resampler.resample(minutes, to: .fiveMinutes)

    #expect(
      fives == [
        F.bar(
          F.time(day, 9, 30), open: "10.00", high: "10.20", low: "9.95", close: "10.15", volume: 12),
        F.bar(
          F.time(day, 9, 35), open: "10.15", high: "10.40", low: "9.80", close: "10.25", volume: 41),
        F.bar(
          F.time(day, 9, 40), open: "10.25", high: "10.25", low: "10.10", close: "10.12", volume: 19
        ),
      ])
  }

  @Test func dailyBucketsAreNewYorkDaysAcrossTheEndOfDaylightSavingTime() {
    // Friday 2026-10-30 is EDT, Monday 2026-11-02 is EST (the clocks went back on Sunday).
    // The 20:30 bar on Friday is 00:30 UTC on Saturday, yet still Friday in New York.
    let bars = [
      F.bar(
        F.time("2026-10-30", 9, 30), open: "50.00", high: "50.50", low: "49.90", close: "50.20",
        volume: 1000),
      F.bar(
        F.time("2026-10-30", 15, 59), open: "50.20", high: "51.00", low: "50.10", close: "50.90",
        volume: 2000),
      F.bar(
        F.time("2026-10-30", 20, 30), open: "50.90", high: "50.95", low: "50.70", close: "50.75",
        volume: 300),
      F.bar(
        F.time("2026-11-02", 9, 30), open: "50.80", high: "50.85", low: "49.00", close: "49.50",
        volume: 4000),
    ]

    let days = resampler.resample(bars, to: .day)

    #expect(
      days == [
        F.bar(
          F.utc("2026-10-30T13:30:00Z"), open: "50.00", high: "51.00", low: "49.90", close: "50.75",
          volume: 3300),
        F.bar(
          F.utc("2026-11-02T14:30:00Z"), open: "50.80", high: "50.85", low: "49.00", close: "49.50",
          volume: 4000),
      ])
  }

  @Test func weeksStartOnMondaySoALaborDayWeekIsDatedByItsTuesday() {
    // Labor Day, Monday 2026-09-07, has no session.
    let open = { (date: String) in F.time(date, 9, 30) }
    let days = [
      F.bar(
        open("2026-09-03"), open: "20.00", high: "21.00", low: "19.50", close: "20.50", volume: 10),
      F.bar(
        open("2026-09-04"), open: "20.50", high: "20.80", low: "20.10", close: "20.20", volume: 20),
      F.bar(
        open("2026-09-08"), open: "20.20", high: "22.00", low: "20.00", close: "21.80", volume: 30),
      F.bar(
        open("2026-09-09"), open: "21.80", high: "21.90", low: "18.00", close: "18.50", volume: 40),
      F.bar(
        open("2026-09-11"), open: "18.50", high: "19.00", low: "18.40", close: "18.90", volume: 50),
      F.bar(
        open("2026-09-14"), open: "18.90", high: "19.10", low: "18.70", close: "19.00", volume: 60),
    ]

    let weeks = resampler.resample(days, to: .week)

    #expect(
      weeks == [
        F.bar(
          open("2026-09-03"), open: "20.00", high: "21.00", low: "19.50", close: "20.20", volume: 30
        ),
        F.bar(
          open("2026-09-08"), open: "20.20", high: "22.00", low: "18.00", close: "18.90",
          volume: 120),
        F.bar(
          open("2026-09-14"), open: "18.90", high: "19.10", low: "18.70", close: "19.00", volume: 60
        ),
      ])
  }

  @Test func monthsAreNewYorkCalendarMonthsAcrossTheStartOfDaylightSavingTime() {
    // Clocks go forward on Sunday 2026-03-08. The 20:30 bar on Tuesday March 31 (EDT) is
    // 00:30 UTC on April 1, still March in New York.
    let bars = [
      F.bar(
        F.time("2026-02-27", 9, 30), open: "100.00", high: "101.00", low: "99.00", close: "100.50",
        volume: 1),
      F.bar(
        F.time("2026-03-02", 9, 30), open: "100.50", high: "102.00", low: "100.00", close: "101.00",
        volume: 2),
      F.bar(
        F.time("2026-03-09", 9, 30), open: "101.00", high: "105.00", low: "97.00", close: "98.00",
        volume: 4),
      F.bar(
        F.time("2026-03-31", 20, 30), open: "98.00", high: "99.00", low: "97.50", close: "98.75",
        volume: 8),
      F.bar(
        F.time("2026-04-01", 9, 30), open: "98.75", high: "99.50", low: "98.00", close: "99.25",
        volume: 16),
    ]
    #expect(bars[3].time == F.utc("2026-04-01T00:30:00Z"))

    let months = resampler.resample(bars, to: .month)

    #expect(
      months == [
        F.bar(
          F.utc("2026-02-27T14:30:00Z"), open: "100.00", high: "101.00", low: "99.00",
          close: "100.50", volume: 1),
        F.bar(
          F.utc("2026-03-02T14:30:00Z"), open: "100.50", high: "105.00", low: "97.00",
          close: "98.75", volume: 14),
        F.bar(
          F.utc("2026-04-01T13:30:00Z"), open: "98.75", high: "99.50", low: "98.00", close: "99.25",
          volume: 16),
      ])
  }

  @Test func monthsBefore1970AreBucketedToo() {
    // A MAX chart of an old listing reaches back before the Unix epoch (negative seconds).
    let days = [
      F.bar(
        F.time("1962-01-30", 0, 0), open: "5.00", high: "5.10", low: "4.90", close: "5.05",
        volume: 1),
      F.bar(
        F.time("1962-01-31", 0, 0), open: "5.05", high: "5.20", low: "5.00", close: "5.15",
        volume: 2),
      F.bar(
        F.time("1962-02-01", 0, 0), open: "5.15", high: "5.30", low: "5.10", close: "5.25",
        volume: 4),
    ]

    let months = resampler.resample(days, to: .month)

    #expect(months.map(\.time) == [days[0].time, days[2].time])
    #expect(months.map(\.volume) == [3, 4])
  }

  @Test func aYearOfMinuteBarsBecomesSevenHourlyBarsPerWeekdayAtWholeNewYorkHours() {
    // Every weekday of 2026 (no holiday calendar here), 09:30 … 15:59: 261 × 390 bars,
    // crossing both daylight-saving changes.
    var minutes: [Bar] = []
    var date = MarketDate("2026-01-01")!
    var weekdays = 0
    while date.year == 2026 {
      if !date.isWeekend {
        weekdays += 1
        let open = F.newYork.instant(on: date, hour: 9, minute: 30)
        minutes += F.climbingMinuteBars(from: open, count: 390)
      }
      date = date.adding(days: 1)
    }

    let hours = resampler.resample(minutes, to: .hour)
    let days = resampler.resample(minutes, to: .day)

    #expect(weekdays == 261)
    #expect(hours.count == 261 * 7)
    let localHours = hours.map { F.localHourMinute(of: $0.time) }
    #expect(localHours.allSatisfy { (9...15).contains($0.hour) && $0.minute == 0 })
    #expect(days.count == 261)
    #expect(days.allSatisfy { F.localHourMinute(of: $0.time) == (9, 30) })
    // Each day: 390 bars of 100 + i shares = 39,000 + 75,855.
    #expect(days.allSatisfy { $0.volume == 114_855 })
  }

  @Test func dailyBarsStampedAtNewYorkMidnightStayOnTheirDayAllYear() {
    // Alpaca stamps daily bars at New York midnight (04:00 or 05:00 UTC). An offset an hour
    // off, such as winter's offset reused in summer, would move them to the day before:
    // Wednesday April 1 into March, a Monday into the previous week.
    var days: [Bar] = []
    var date = MarketDate("2026-01-01")!
    while date.year == 2026 {
      if !date.isWeekend {
        days += [
          F.bar(
            F.newYork.instant(on: date, hour: 0, minute: 0), open: "10.00", high: "10.00",
            low: "10.00", close: "10.00", volume: 1)
        ]
      }
      date = date.adding(days: 1)
    }

    let months = resampler.resample(days, to: .month)
    let weeks = resampler.resample(days, to: .week)

    let firstWeekdays = [
      "2026-01-01", "2026-02-02", "2026-03-02", "2026-04-01", "2026-05-01", "2026-06-01",
      "2026-07-01", "2026-08-03", "2026-09-01", "2026-10-01", "2026-11-02", "2026-12-01",
    ]
    #expect(months.map(\.time) == firstWeekdays.map { F.time($0, 0, 0) })
    // Thursday January 1 opens the first week; the 52 after it start on Mondays.
    #expect(weeks.count == 53)
    #expect(weeks.dropFirst().allSatisfy { F.newYork.marketDate(of: $0.time).weekday == .monday })
    // Thursday–Friday, 51 full weeks, then Monday–Thursday December 28–31.
    #expect(weeks.map(\.volume) == [2] + Array(repeating: 5, count: 51) + [4])
  }

  @Test func aWeekendBarBelongsToTheWeekThatBeganOnTheMondayBefore() {
    // Weeks start on Monday: a (rare) Sunday bar closes its week instead of opening one.
    let days = [
      F.bar(
        F.time("2026-09-11", 9, 30), open: "1.00", high: "1.00", low: "1.00", close: "1.00",
        volume: 1),
      F.bar(
        F.time("2026-09-13", 12, 0), open: "2.00", high: "2.00", low: "2.00", close: "2.00",
        volume: 2),
      F.bar(
        F.time("2026-09-14", 9, 30), open: "3.00", high: "3.00", low: "3.00", close: "3.00",
        volume: 4),
    ]

    let weeks = resampler.resample(days, to: .week)

    #expect(weeks.map(\.time) == [days[0].time, days[2].time])
    #expect(weeks.map(\.volume) == [3, 4])
  }

  @Test func unsortedBarsAreSortedFirst() {
    let minutes = F.climbingMinuteBars(from: F.time("2026-11-17", 9, 30), count: 90)

    #expect(
      resampler.resample(minutes.reversed(), to: .hour) == resampler.resample(minutes, to: .hour))
  }

  @Test func noBarsGiveNoBars() {
    #expect(resampler.resample([], to: .week).isEmpty)
  }
}
