import Foundation
import RavenCore
import Testing

@Suite("Exchange time zone")
struct ExchangeTimeZoneTests {
  let zone = ExchangeTimeZone()

  @Test("UTC offsets agree with Foundation's time-zone database every hour, 1990–2049")
  func offsetsMatchFoundation() {
    let foundation = zone.timeZone
    var mismatches: [Date] = []
    // Start two minutes past an hour so that the samples are not all on transition
    // boundaries; the next test looks at the boundaries themselves.
    var seconds = 631_152_000.0 - 86_400 * 30 + 120
    while seconds < 2_524_608_000 + 86_400 * 30 {
      let moment = Date(timeIntervalSince1970: seconds)
      if zone.utcOffset(at: moment) != foundation.secondsFromGMT(for: moment) {
        mismatches.append(moment)
      }
      seconds += 3600
    }
    #expect(mismatches.isEmpty)
  }

  @Test("UTC offsets agree with Foundation on both sides of every transition, 1990–2049")
  func offsetsAtTransitions() {
    let foundation = zone.timeZone
    var mismatches: [Date] = []
    var transitions = 0
    var cursor = Date(timeIntervalSince1970: 631_152_000)
    while let transition = foundation.nextDaylightSavingTimeTransition(after: cursor),
      transition.timeIntervalSince1970 < 2_524_608_000
    {
      transitions += 1
      for delta in [-3601.0, -1, 0, 1, 3599] {
        let moment = transition.addingTimeInterval(delta)
        if zone.utcOffset(at: moment) != foundation.secondsFromGMT(for: moment) {
          mismatches.append(moment)
        }
      }
      cursor = transition
    }
    #expect(transitions == 120)
    #expect(mismatches.isEmpty)
  }

  @Test(
    "UTC offsets around US transitions, old rules and new",
    arguments: [
      ("2024-03-10T06:59:59Z", -18_000), ("2024-03-10T07:00:00Z", -14_400),
      ("2024-11-03T05:59:59Z", -14_400), ("2024-11-03T06:00:00Z", -18_000),
      ("2006-04-02T06:59:59Z", -18_000), ("2006-04-02T07:00:00Z", -14_400),
      ("2006-10-29T05:59:59Z", -14_400), ("2006-10-29T06:00:00Z", -18_000),
      ("2006-03-12T12:00:00Z", -18_000),  // under the 2007 rules this would be summer time
      // Outside the table's years Foundation answers directly.
      ("1985-07-01T12:00:00Z", -14_400), ("2060-01-15T12:00:00Z", -18_000),
      ("2060-07-01T12:00:00Z", -14_400),
    ])
  func offsets(at text: String, expected: Int) {
    #expect(zone.utcOffset(at: instant(text)) == expected)
  }

  @Test("Wall-clock times on the days the clocks change")
  func wallClockOnTransitionDays() {
    // Spring forward, 2024-03-10: midnight is EST, 03:00 is EDT.
    #expect(
      zone.instant(on: day("2024-03-10"), hour: 0, minute: 0) == instant("2024-03-10T05:00:00Z"))
    #expect(
      zone.instant(on: day("2024-03-10"), hour: 3, minute: 0) == instant("2024-03-10T07:00:00Z"))
    #expect(
      zone.instant(on: day("2024-03-10"), hour: 9, minute: 30) == instant("2024-03-10T13:30:00Z"))
    #expect(zone.secondsSinceMidnight(of: instant("2024-03-10T07:00:00Z")) == 2 * 3600)
    // Fall back, 2024-11-03: midnight is EDT, 09:30 is EST; the day lasts 25 hours.
    #expect(
      zone.instant(on: day("2024-11-03"), hour: 0, minute: 0) == instant("2024-11-03T04:00:00Z"))
    #expect(
      zone.instant(on: day("2024-11-03"), hour: 9, minute: 30) == instant("2024-11-03T14:30:00Z"))
    #expect(zone.secondsSinceMidnight(of: instant("2024-11-04T04:59:59Z")) == 25 * 3600 - 1)
    #expect(zone.marketDate(of: instant("2024-11-04T04:59:59Z")) == day("2024-11-03"))
    #expect(zone.marketDate(of: instant("2024-11-04T05:00:00Z")) == day("2024-11-04"))
  }

  @Test("The New York day of an instant")
  func marketDate() {
    #expect(zone.marketDate(of: instant("2024-06-15T03:59:59Z")) == day("2024-06-14"))
    #expect(zone.marketDate(of: instant("2024-06-15T04:00:00Z")) == day("2024-06-15"))
    #expect(zone.marketDate(of: instant("2024-01-15T04:59:59Z")) == day("2024-01-14"))
    #expect(zone.marketDate(of: instant("2024-01-15T05:00:00Z")) == day("2024-01-15"))
    #expect(zone.secondsSinceMidnight(of: instant("2024-06-12T13:30:00Z")) == 34_200)
    // Extreme instants convert without trapping.
    #expect(zone.marketDate(of: .distantPast) < day("0002-01-01"))
    #expect(zone.marketDate(of: .distantFuture) > day("4000-01-01"))
  }
}
