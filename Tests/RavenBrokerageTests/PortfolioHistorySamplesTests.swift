import Foundation
import RavenBrokerage
import RavenCore
import Testing

/// A history's points as performance samples (issue 35).
@Suite("Portfolio history as performance samples")
struct PortfolioHistorySamplesTests {
  let calendar = NYSECalendar()

  func instant(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

  @Test("A deposit on a Saturday belongs to Friday's session, not to a session of its own")
  func weekendFlow() throws {
    let history = BrokeragePortfolioHistory(
      points: [
        .init(time: try instant("2026-11-20T21:00:00Z"), equity: 25_000),
        .init(time: try instant("2026-11-21T15:00:00Z"), equity: 26_000, flow: 1_000),
        .init(time: try instant("2026-11-23T21:00:00Z"), equity: 26_260),
      ], baseValue: 25_000, resolution: .day, flowsKnown: true)
    let samples = history.samples(calendar: calendar)
    #expect(samples.map(\.session.description) == ["2026-11-20", "2026-11-20", "2026-11-23"])
    let twr = TimeWeightedReturn(samples)
    // Two sessions' returns, not three: the Saturday adds none.
    #expect(twr.days.map(\.session.description) == ["2026-11-20", "2026-11-23"])
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
}
