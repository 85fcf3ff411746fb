import Foundation
import RavenCore
import Testing

@Suite("NYSE trading days")
struct NYSETradingDayTests {
  let calendar = NYSECalendar()

  @Test(
    "previousTradingDay and nextTradingDay step over weekends and holidays",
    arguments: [
      // Memorial Day weekend 2024: Friday → Tuesday.
      ("2024-05-28", "2024-05-24", "2024-05-29"),
      ("2024-05-27", "2024-05-24", "2024-05-28"),
      ("2024-05-25", "2024-05-24", "2024-05-28"),
      // Easter 2024: Good Friday closed.
      ("2024-04-01", "2024-03-28", "2024-04-02"),
      ("2024-03-28", "2024-03-27", "2024-04-01"),
      // New Year 2025.
      ("2025-01-02", "2024-12-31", "2025-01-03"),
      ("2025-01-01", "2024-12-31", "2025-01-02"),
      // Hurricane Sandy.
      ("2012-10-31", "2012-10-26", "2012-11-01"),
      ("2012-10-26", "2012-10-25", "2012-10-31"),
      // September 2001: closed a whole week.
      ("2001-09-17", "2001-09-10", "2001-09-18"),
      ("2001-09-10", "2001-09-07", "2001-09-17"),
    ])
  func neighbours(date: String, previous: String, next: String) {
    #expect(calendar.previousTradingDay(before: day(date)) == day(previous))
    #expect(calendar.nextTradingDay(after: day(date)) == day(next))
  }

  @Test("Neighbours at the edges of the covered years")
  func neighboursAtEdges() {
    // 2000-01-03 is the first session; what came before it is not covered.
    #expect(calendar.previousTradingDay(before: day("2000-01-03")) == nil)
    #expect(calendar.nextTradingDay(after: day("1999-12-31")) == day("2000-01-03"))
    #expect(calendar.nextTradingDay(after: day("1999-12-30")) == nil)
    #expect(calendar.nextTradingDay(after: day("1990-01-01")) == nil)
    // 2035-12-31 is the last session; what comes after it is not covered.
    #expect(calendar.nextTradingDay(after: day("2035-12-31")) == nil)
    #expect(calendar.previousTradingDay(before: day("2036-01-01")) == day("2035-12-31"))
    #expect(calendar.previousTradingDay(before: day("2036-01-02")) == nil)
    #expect(calendar.previousTradingDay(before: day("2099-01-01")) == nil)
  }

  @Test(
    "Trading days between two dates, both included",
    arguments: [
      ("2024-11-25", "2024-11-29", 4),  // Thanksgiving week
      ("2024-12-23", "2025-01-03", 8),  // two holidays over the year end
      ("2024-06-12", "2024-06-12", 1),
      ("2024-06-15", "2024-06-16", 0),  // a weekend
      ("2024-06-14", "2024-06-12", 0),  // start after end
      ("2001-09-10", "2001-09-17", 2),
      ("2024-01-01", "2024-06-30", 124),
      ("2024-07-01", "2024-12-31", 128),
      ("1999-01-01", "2000-01-07", 5),  // only covered days count
      ("2035-12-28", "2036-12-31", 2),
      ("1990-01-01", "1990-12-31", 0),
    ])
  func tradingDayCount(from start: String, through end: String, expected: Int) {
    #expect(calendar.tradingDayCount(from: day(start), through: day(end)) == expected)
    let sessions = calendar.sessions(from: day(start), through: day(end))
    #expect(sessions.count == expected)
    #expect(sessions.allSatisfy { day(start) <= $0.date && $0.date <= day(end) })
  }

  @Test("Session slices index into `sessions`")
  func sliceIndices() throws {
    let indices = calendar.sessionIndices(from: day("2024-06-10"), through: day("2024-06-14"))
    #expect(indices.count == 5)
    #expect(indices.lowerBound == calendar.sessionIndex(on: day("2024-06-10")))
    let slice = calendar.sessions(from: day("2024-06-10"), through: day("2024-06-14"))
    #expect(slice.startIndex == indices.lowerBound)
    #expect(slice.map(\.date.day) == [10, 11, 12, 13, 14])
  }

  @Test("Every covered day has either a session or a reason to be closed, never both")
  func sessionOrClosure() {
    let first = day("2000-01-01")
    let last = day("2035-12-31")
    var sessionsSeen = 0
    var violations: [MarketDate] = []
    for dayNumber in first.dayNumber...last.dayNumber {
      let date = MarketDate(dayNumber: dayNumber)
      let session = calendar.session(on: date)
      let closure = calendar.closure(on: date)
      if (session == nil) == (closure == nil) { violations.append(date) }
      if let index = calendar.sessionIndex(on: date) {
        if calendar.sessions[index].date != date || index != sessionsSeen {
          violations.append(date)
        }
        sessionsSeen += 1
      }
      if date.isWeekend, closure != .weekend { violations.append(date) }
    }
    #expect(violations.isEmpty)
    #expect(sessionsSeen == calendar.sessions.count)
  }

  @Test("Consecutive sessions are each other's neighbours")
  func neighboursAgreeWithSessions() {
    let sessions = calendar.sessions
    let mismatches = zip(sessions, sessions.dropFirst()).filter { earlier, later in
      calendar.nextTradingDay(after: earlier.date) != later.date
        || calendar.previousTradingDay(before: later.date) != earlier.date
    }
    #expect(mismatches.isEmpty)
  }
}
