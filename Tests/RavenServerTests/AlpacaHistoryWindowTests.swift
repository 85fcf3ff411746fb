import Foundation
import Hummingbird
import RavenCore
import Testing

@testable import RavenServer

/// `/v2/account/portfolio/history`'s span and timeframe, read as Alpaca reads them.
@Suite("Alpaca portfolio history: period, start, end and timeframe")
struct AlpacaHistoryWindowTests {
  let calendar = NYSECalendar()
  // Friday 2026-11-20, 11:00 in New York.
  let now = Date(timeIntervalSince1970: 1_795_190_400)

  func window(_ query: String) throws -> AlpacaHistoryWindow {
    var parameters = Parameters()
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      parameters[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return try AlpacaHistoryWindow(parameters, calendar: calendar, now: now)
  }

  func instant(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

  @Test("Without a timeframe: a minute under 7 days, 15 minutes under 30, a day beyond")
  func defaultTimeframes() throws {
    #expect(try window("period=1D").resolution == .minute)
    #expect(try window("period=1W").resolution == .fifteenMinutes)
    #expect(try window("period=1M").resolution == .day)
    #expect(try window("").resolution == .day, "a month by default")
    #expect(try window("timeframe=1H").resolution == .hour, "a month back is 30 days")
    #expect(try window("date_end=2026-11-13&timeframe=15Min").resolution == .fifteenMinutes)
    #expect(try window("period=1A&timeframe=1D").resolution == .day)
    #expect(try window("period=2W&timeframe=5min").resolution == .fiveMinutes)
  }

  @Test("Start and end, start and period, end and period, date_end")
  func spans() throws {
    let both = try window("start=2026-11-02T14:30:00Z&end=2026-11-06T21:00:00Z")
    #expect(both.interval.start == (try instant("2026-11-02T14:30:00Z")))
    #expect(both.interval.end == (try instant("2026-11-06T21:00:00Z")))
    #expect(both.resolution == .minute)
    let forward = try window("start=2026-11-02T14:30:00Z&period=3D")
    #expect(forward.interval.end == (try instant("2026-11-04T21:00:00Z")), "three sessions on")
    let back = try window("date_end=2026-11-13&period=1W")
    #expect(back.interval.end == (try instant("2026-11-13T21:00:00Z")))
    #expect(back.interval.start == (try instant("2026-11-09T14:30:00Z")), "five sessions back")
    let future = try window("start=2026-11-19T14:30:00Z")
    #expect(future.interval.end == now, "never past now")
  }

  @Test("Bad periods and timeframes, three bounds, intraday over a month: 422 in Alpaca's words")
  func refusals() throws {
    for query in [
      "period=2X", "period=0D", "period=D", "timeframe=2H",
      "start=2026-11-02T14:30:00Z&end=2026-11-06T21:00:00Z&period=1W",
      "start=2026-11-06T21:00:00Z&end=2026-11-02T14:30:00Z", "period=3M&timeframe=1H",
      "start=yesterday",
    ] {
      #expect(throws: AlpacaError.self, "\(query)") { try window(query) }
    }
  }
}
