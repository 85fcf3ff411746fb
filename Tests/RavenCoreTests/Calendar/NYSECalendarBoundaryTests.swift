import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("NYSE calendar outside its years, and invariants at random instants")
struct NYSECalendarBoundaryTests {
  let calendar = NYSECalendar()

  static let outsideInstants: [Date] = [
    .distantPast, .distantFuture, Date(timeIntervalSince1970: 0),
    instant("1999-12-31T15:00:00Z"),  // a Friday session in 1999, not covered
    instant("2036-01-02T15:00:00Z"),  // a Wednesday in 2036, not covered
    instant("2100-06-01T15:00:00Z"),
  ]

  @Test("Instants outside the covered years are never open and have no known next bell")
  func outsideInstants() {
    for moment in Self.outsideInstants {
      #expect(!calendar.isOpen(at: moment))
      #expect(calendar.latestSessionIndex(openedAtOrBefore: moment) == nil)
      #expect(calendar.sessionIndex(containing: moment) == nil)
      #expect(calendar.nextOpen(after: moment) == nil)
      #expect(calendar.nextClose(after: moment) == nil)
      let status = calendar.status(at: moment)
      #expect(!status.isOpen)
      #expect(status.currentOrNextSession == nil)
      #expect(status.nextOpen == nil)
      #expect(status.nextClose == nil)
    }
  }

  @Test("A weekday outside the covered years is closed as outside the calendar")
  func outsideDays() {
    #expect(calendar.status(at: instant("1999-12-31T15:00:00Z")).phase == .closed(.outsideCalendar))
    #expect(calendar.closure(on: day("1999-12-31")) == .outsideCalendar)
    #expect(calendar.closure(on: day("2036-01-02")) == .outsideCalendar)
    #expect(calendar.closure(on: day("2036-01-05")) == .weekend)  // a Saturday is one anywhere
    #expect(calendar.session(on: day("1999-12-31")) == nil)
    #expect(calendar.sessionIndex(on: day("2036-01-02")) == nil)
    #expect(!calendar.isTradingDay(day("1969-07-21")))
  }

  @Test("The covered span starts and ends at midnight in New York")
  func coveredSpan() {
    #expect(calendar.coveredDates == day("2000-01-01")...day("2035-12-31"))
    #expect(calendar.coveredInstants.lowerBound == instant("2000-01-01T05:00:00Z"))
    #expect(calendar.coveredInstants.upperBound == instant("2036-01-01T05:00:00Z"))
    // The last session is known; the instant its successor would open is not.
    let lastOpen = instant("2035-12-31T14:30:00Z")
    #expect(calendar.nextOpen(after: instant("2035-12-28T22:00:00Z")) == lastOpen)
    #expect(calendar.nextOpen(after: lastOpen) == nil)
    #expect(calendar.nextClose(after: lastOpen) == instant("2035-12-31T21:00:00Z"))
    #expect(
      calendar.latestSessionIndex(openedAtOrBefore: instant("2036-01-01T04:59:59Z")) == calendar
        .sessions.count - 1)
    // The first covered instant is a Saturday: the first session is Monday's.
    #expect(
      calendar.nextOpen(after: calendar.coveredInstants.lowerBound)
        == instant("2000-01-03T14:30:00Z"))
    #expect(calendar.latestSessionIndex(openedAtOrBefore: instant("2000-01-03T14:29:59Z")) == nil)
    #expect(calendar.latestSessionIndex(openedAtOrBefore: instant("2000-01-03T14:30:00Z")) == 0)
  }

  /// Seconds since 1970 from 2000-01-01T00:00Z to the last covered instant,
  /// 2036-01-01T04:59:59Z (midnight in New York ends the span; past it nothing is known).
  static let coveredSeconds = Gen.int(in: 946_684_800...2_082_776_399)

  @Test("At random instants, the lookups agree with each other and with the sessions")
  func randomInstants() async {
    await propertyCheck(count: 500, input: Self.coveredSeconds) { seconds in
      let moment = Date(timeIntervalSince1970: TimeInterval(seconds))
      let sessions = calendar.sessions
      let latest = calendar.latestSessionIndex(openedAtOrBefore: moment)
      if let latest {
        #expect(sessions[latest].open <= moment)
        #expect(latest + 1 == sessions.count || moment < sessions[latest + 1].open)
      } else {
        #expect(moment < sessions[0].open)
      }
      let open = latest.map { sessions[$0].contains(moment) } ?? false
      #expect(calendar.isOpen(at: moment) == open)
      #expect(calendar.status(at: moment).isOpen == open)
      if let next = calendar.nextOpen(after: moment) {
        #expect(next > moment)
        #expect(next == sessions[(latest ?? -1) + 1].open)
      }
      if let close = calendar.nextClose(after: moment) {
        #expect(close > moment)
        if open, let latest { #expect(close == sessions[latest].close) }
      }
      // A day with a session never reads as closed, and the reverse.
      let status = calendar.status(at: moment)
      let tradingDay = calendar.isTradingDay(status.date)
      if case .closed = status.phase { #expect(!tradingDay) } else { #expect(tradingDay) }
    }
  }
}
