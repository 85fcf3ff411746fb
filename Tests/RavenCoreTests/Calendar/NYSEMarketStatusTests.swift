import Foundation
import RavenCore
import Testing

@Suite("NYSE market status")
struct NYSEMarketStatusTests {
  let calendar = NYSECalendar()

  @Test(
    "The phase through a regular trading day",
    arguments: [
      // Wednesday 2024-06-12, New York is UTC−4.
      ("2024-06-12T04:00:00Z", MarketPhase.overnight),  // 00:00
      ("2024-06-12T07:59:59Z", .overnight),  // 03:59:59
      ("2024-06-12T08:00:00Z", .preMarket),  // 04:00
      ("2024-06-12T13:29:59Z", .preMarket),  // 09:29:59
      ("2024-06-12T13:30:00Z", .open),  // 09:30
      ("2024-06-12T19:59:59Z", .open),  // 15:59:59
      ("2024-06-12T20:00:00Z", .afterHours),  // 16:00
      ("2024-06-12T23:59:59Z", .afterHours),  // 19:59:59
      ("2024-06-13T00:00:00Z", .overnight),  // 20:00
      ("2024-06-13T03:59:59Z", .overnight),  // 23:59:59
    ])
  func regularDay(at text: String, phase: MarketPhase) {
    let status = calendar.status(at: instant(text))
    #expect(status.phase == phase)
    #expect(status.isOpen == (phase == .open))
    #expect(status.isOpen == calendar.isOpen(at: instant(text)))
  }

  @Test(
    "After an early close, after-hours trading ends at 17:00",
    arguments: [
      ("2024-11-29T17:59:59Z", MarketPhase.open),  // 12:59:59 EST
      ("2024-11-29T18:00:00Z", .afterHours),  // 13:00
      ("2024-11-29T21:59:59Z", .afterHours),  // 16:59:59
      ("2024-11-29T22:00:00Z", .overnight),  // 17:00
    ])
  func earlyCloseDay(at text: String, phase: MarketPhase) {
    #expect(calendar.status(at: instant(text)).phase == phase)
  }

  @Test("While open: the current session, its close, and the next day's open")
  func whileOpen() throws {
    let status = calendar.status(at: instant("2024-06-12T15:00:00Z"))
    #expect(status.date == day("2024-06-12"))
    #expect(status.isOpen)
    #expect(status.currentOrNextSession?.date == day("2024-06-12"))
    #expect(status.nextClose == instant("2024-06-12T20:00:00Z"))
    #expect(status.nextOpen == instant("2024-06-13T13:30:00Z"))
  }

  @Test("After hours: the next session is tomorrow's")
  func afterHours() {
    let status = calendar.status(at: instant("2024-06-12T21:00:00Z"))
    #expect(status.phase == .afterHours)
    #expect(status.currentOrNextSession?.date == day("2024-06-13"))
    #expect(status.nextOpen == instant("2024-06-13T13:30:00Z"))
    #expect(status.nextClose == instant("2024-06-13T20:00:00Z"))
  }

  @Test("On a weekend: closed for the weekend, next session Monday")
  func weekend() {
    // Saturday 2024-06-15, noon in New York.
    let status = calendar.status(at: instant("2024-06-15T16:00:00Z"))
    #expect(status.date == day("2024-06-15"))
    #expect(status.phase == .closed(.weekend))
    #expect(!status.isOpen)
    #expect(status.currentOrNextSession?.date == day("2024-06-17"))
    #expect(status.nextOpen == instant("2024-06-17T13:30:00Z"))
    #expect(status.nextClose == instant("2024-06-17T20:00:00Z"))
  }

  @Test("On a holiday: closed, and why")
  func holiday() {
    // Thanksgiving 2024, 10:00 in New York; the next session closes early.
    let status = calendar.status(at: instant("2024-11-28T15:00:00Z"))
    #expect(status.phase == .closed(.thanksgivingDay))
    #expect(status.phase.description == "Closed: Thanksgiving Day")
    #expect(status.currentOrNextSession?.date == day("2024-11-29"))
    #expect(status.currentOrNextSession?.isEarlyClose == true)
    #expect(status.nextClose == instant("2024-11-29T18:00:00Z"))
  }

  @Test("The New York date, not the UTC date, decides the phase")
  func localDate() {
    // 21:00 on Friday 2024-06-14 in New York is already Saturday in UTC.
    let status = calendar.status(at: instant("2024-06-15T01:00:00Z"))
    #expect(status.date == day("2024-06-14"))
    #expect(status.phase == .overnight)
    // 23:00 on Thanksgiving Eve in New York is Thanksgiving in UTC.
    #expect(calendar.status(at: instant("2024-11-28T04:00:00Z")).phase == .overnight)
  }

  @Test("Phases read as a market badge shows them")
  func phaseLabels() {
    #expect(MarketPhase.preMarket.description == "Pre-market")
    #expect(MarketPhase.open.description == "Open")
    #expect(MarketPhase.afterHours.description == "After hours")
    #expect(MarketPhase.closed(.weekend).description == "Closed: Weekend")
  }
}
