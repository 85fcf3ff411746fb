import Foundation
import RavenBrokerage
import RavenCore
import Testing

/// A history's points as performance samples (issue 35).
@Suite("Portfolio history as performance samples")
struct PortfolioHistorySamplesTests {
  let calendar = NYSECalendar()

  func instant(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

  @Test("A deposit on a Saturday belongs to Monday's session: the range's one daily return")
  func weekendFlow() throws {
    let history = BrokeragePortfolioHistory(
      points: [
        .init(time: try instant("2026-11-20T21:00:00Z"), equity: 25_000),
        .init(time: try instant("2026-11-21T15:00:00Z"), equity: 26_000, flow: 1_000),
        .init(time: try instant("2026-11-23T21:00:00Z"), equity: 26_260),
      ], baseValue: 25_000, resolution: .day, flowsKnown: true)
    let samples = history.samples(calendar: calendar)
    #expect(samples.map(\.session.description) == ["2026-11-20", "2026-11-23", "2026-11-23"])
    let twr = TimeWeightedReturn(samples)
    // Friday's close is where the range starts: Friday has no return in it, and the
    // Saturday none of its own.
    #expect(twr.days.map(\.session.description) == ["2026-11-23"])
    #expect(abs(twr.days[0].dailyReturn - 0.01) < 1e-12)
    #expect(abs(twr.total - 0.01) < 1e-12)
  }

  @Test("Performance starts just before the account's first trade or transfer")
  func performanceStart() throws {
    let history = BrokeragePortfolioHistory(
      points: [
        .init(time: try instant("2026-11-18T21:00:00Z"), equity: 25_000),
        .init(time: try instant("2026-11-19T21:00:00Z"), equity: 25_000),
        .init(time: try instant("2026-11-20T21:00:00Z"), equity: 25_100),
      ], baseValue: 25_000, resolution: .day, flowsKnown: true,
      activeSince: try instant("2026-11-20T15:00:00Z"))
    #expect(history.performanceStart == 1)
    #expect(history.samples(calendar: calendar).count == 2)
  }

  @Test("A point after which no session has opened yet stays in the latest session")
  func trailingWeekendPoint() throws {
    let history = BrokeragePortfolioHistory(
      points: [
        .init(time: try instant("2026-11-19T21:00:00Z"), equity: 25_000),
        .init(time: try instant("2026-11-20T21:00:00Z"), equity: 25_250),
        .init(time: try instant("2026-11-21T15:00:00Z"), equity: 25_250),
      ], baseValue: 25_000, resolution: .day, flowsKnown: true)
    let samples = history.samples(calendar: calendar)
    #expect(samples.map(\.session.description) == ["2026-11-19", "2026-11-20", "2026-11-20"])
    #expect(TimeWeightedReturn(samples).days.map(\.session.description) == ["2026-11-20"])
  }
}
