import Foundation
import RavenCore
import Testing

@Suite("NYSE sessions as instants")
struct NYSESessionInstantTests {
  let calendar = NYSECalendar()

  @Test(
    "isOpen at the bells: open at 09:30:00, closed from 16:00:00",
    arguments: [
      // Summer (EDT, UTC−4): 2024-06-12, a Wednesday.
      ("2024-06-12T13:29:59Z", false),
      ("2024-06-12T13:30:00Z", true),
      ("2024-06-12T19:59:59Z", true),
      ("2024-06-12T20:00:00Z", false),
      // Winter (EST, UTC−5): 2024-01-10, a Wednesday.
      ("2024-01-10T14:29:59Z", false),
      ("2024-01-10T14:30:00Z", true),
      ("2024-01-10T20:59:59Z", true),
      ("2024-01-10T21:00:00Z", false),
      // Early close (EST): the day after Thanksgiving 2024 closes at 13:00.
      ("2024-11-29T17:59:00Z", true),
      ("2024-11-29T17:59:59Z", true),
      ("2024-11-29T18:00:00Z", false),
      ("2024-11-29T20:30:00Z", false),
      // Early close (EDT): July 3, 2024.
      ("2024-07-03T16:59:00Z", true),
      ("2024-07-03T17:00:00Z", false),
      // Weekend and holiday at what would be mid-session.
      ("2024-06-15T16:00:00Z", false),
      ("2024-07-04T16:00:00Z", false),
    ])
  func isOpen(at text: String, expected: Bool) {
    #expect(calendar.isOpen(at: instant(text)) == expected)
  }

  @Test(
    "Session bells in UTC move with daylight saving time",
    arguments: [
      // 2024: clocks go forward Sunday March 10 and back Sunday November 3.
      ("2024-03-08", "2024-03-08T14:30:00Z", "2024-03-08T21:00:00Z"),
      ("2024-03-11", "2024-03-11T13:30:00Z", "2024-03-11T20:00:00Z"),
      ("2024-11-01", "2024-11-01T13:30:00Z", "2024-11-01T20:00:00Z"),
      ("2024-11-04", "2024-11-04T14:30:00Z", "2024-11-04T21:00:00Z"),
      // 2006, before the 2007 rules: first Sunday of April, last Sunday of October.
      ("2006-03-13", "2006-03-13T14:30:00Z", "2006-03-13T21:00:00Z"),
      ("2006-03-31", "2006-03-31T14:30:00Z", "2006-03-31T21:00:00Z"),
      ("2006-04-03", "2006-04-03T13:30:00Z", "2006-04-03T20:00:00Z"),
      ("2006-10-27", "2006-10-27T13:30:00Z", "2006-10-27T20:00:00Z"),
      ("2006-10-30", "2006-10-30T14:30:00Z", "2006-10-30T21:00:00Z"),
      ("2006-11-03", "2006-11-03T14:30:00Z", "2006-11-03T21:00:00Z"),
      // 2007, the first year of the second Sunday of March and first Sunday of November.
      ("2007-03-09", "2007-03-09T14:30:00Z", "2007-03-09T21:00:00Z"),
      ("2007-03-12", "2007-03-12T13:30:00Z", "2007-03-12T20:00:00Z"),
      ("2007-11-02", "2007-11-02T13:30:00Z", "2007-11-02T20:00:00Z"),
      ("2007-11-05", "2007-11-05T14:30:00Z", "2007-11-05T21:00:00Z"),
      // The last year covered.
      ("2035-03-09", "2035-03-09T14:30:00Z", "2035-03-09T21:00:00Z"),
      ("2035-03-12", "2035-03-12T13:30:00Z", "2035-03-12T20:00:00Z"),
      // An early close in winter: 13:00 EST is 18:00Z.
      ("2024-12-24", "2024-12-24T14:30:00Z", "2024-12-24T18:00:00Z"),
    ])
  func sessionInstants(date: String, open: String, close: String) throws {
    let session = try #require(calendar.session(on: day(date)))
    #expect(session.open == instant(open))
    #expect(session.close == instant(close))
  }

  @Test("nextOpen on a Friday evening is Monday's open")
  func nextOpenFridayEvening() {
    // Friday 2024-06-14, 18:00 New York.
    #expect(
      calendar.nextOpen(after: instant("2024-06-14T22:00:00Z")) == instant("2024-06-17T13:30:00Z"))
  }

  @Test("nextOpen before a holiday Monday skips to Tuesday")
  func nextOpenBeforeHolidayMonday() {
    // Friday before Memorial Day 2024, at the close.
    #expect(
      calendar.nextOpen(after: instant("2024-05-24T20:00:00Z")) == instant("2024-05-28T13:30:00Z"))
    // During the holiday itself.
    #expect(
      calendar.nextOpen(after: instant("2024-05-27T14:00:00Z")) == instant("2024-05-28T13:30:00Z"))
    // Over Easter: Thursday evening to Monday (Good Friday 2024-03-29 is closed).
    #expect(
      calendar.nextOpen(after: instant("2024-03-28T21:00:00Z")) == instant("2024-04-01T13:30:00Z"))
  }

  @Test("nextOpen is strictly after the instant")
  func nextOpenStrictlyAfter() {
    let open = instant("2024-06-12T13:30:00Z")
    #expect(calendar.nextOpen(after: open.addingTimeInterval(-1)) == open)
    #expect(calendar.nextOpen(after: open) == instant("2024-06-13T13:30:00Z"))
  }

  @Test("nextClose during a session is that session's close")
  func nextCloseDuringSession() {
    #expect(
      calendar.nextClose(after: instant("2024-06-12T15:00:00Z")) == instant("2024-06-12T20:00:00Z"))
    #expect(
      calendar.nextClose(after: instant("2024-06-12T13:30:00Z")) == instant("2024-06-12T20:00:00Z"))
    // On an early close.
    #expect(
      calendar.nextClose(after: instant("2024-11-29T15:00:00Z")) == instant("2024-11-29T18:00:00Z"))
    // At the bell, the next close is the next session's.
    #expect(
      calendar.nextClose(after: instant("2024-06-12T20:00:00Z")) == instant("2024-06-13T20:00:00Z"))
    // Over a weekend.
    #expect(
      calendar.nextClose(after: instant("2024-06-15T12:00:00Z")) == instant("2024-06-17T20:00:00Z"))
  }

  @Test("latestSessionIndex is the last session that opened at or before the instant")
  func latestSessionIndex() throws {
    let friday = try #require(calendar.sessionIndex(on: day("2024-06-14")))
    let monday = try #require(calendar.sessionIndex(on: day("2024-06-17")))
    #expect(monday == friday + 1)
    #expect(
      calendar.latestSessionIndex(openedAtOrBefore: instant("2024-06-15T16:00:00Z")) == friday)
    #expect(
      calendar.latestSessionIndex(openedAtOrBefore: instant("2024-06-17T13:29:59Z")) == friday)
    #expect(
      calendar.latestSessionIndex(openedAtOrBefore: instant("2024-06-17T13:30:00Z")) == monday)
    #expect(
      calendar.latestSessionIndex(openedAtOrBefore: instant("2024-06-17T23:00:00Z")) == monday)
    #expect(calendar.sessionIndex(containing: instant("2024-06-17T19:59:59Z")) == monday)
    #expect(calendar.sessionIndex(containing: instant("2024-06-17T20:00:00Z")) == nil)
  }

  @Test("Session bells sit at 09:30 and 16:00 (or 13:00) New York time on every trading day")
  func everySessionsBells() {
    let timeZone = calendar.timeZone
    let misplaced = calendar.sessions.filter { session in
      timeZone.marketDate(of: session.open) != session.date
        || timeZone.secondsSinceMidnight(of: session.open) != 9 * 3600 + 30 * 60
        || timeZone.secondsSinceMidnight(of: session.close)
          != (session.isEarlyClose ? 13 : 16) * 3600
    }
    #expect(misplaced.isEmpty)
  }

  @Test("Sessions are in order, one per trading day, never on a weekend")
  func sessionOrder() {
    let sessions = calendar.sessions
    #expect(sessions.count == 9_049)
    #expect(sessions.first?.date == day("2000-01-03"))
    #expect(sessions.last?.date == day("2035-12-31"))
    let outOfOrder = zip(sessions, sessions.dropFirst()).filter { earlier, later in
      !(earlier.date < later.date && earlier.close < later.open)
    }
    #expect(outOfOrder.isEmpty)
    #expect(sessions.allSatisfy { !$0.date.isWeekend && $0.open < $0.close })
  }

  @Test("Sessions encode dates as YYYY-MM-DD and round-trip through JSON")
  func sessionJSON() throws {
    let session = try #require(calendar.session(on: day("2024-11-29")))
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(session), as: UTF8.self)
    #expect(
      json
        == #"{"close":"2024-11-29T18:00:00Z","date":"2024-11-29","isEarlyClose":true,"open":"2024-11-29T14:30:00Z"}"#
    )
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    #expect(try decoder.decode(TradingSession.self, from: Data(json.utf8)) == session)
  }
}
