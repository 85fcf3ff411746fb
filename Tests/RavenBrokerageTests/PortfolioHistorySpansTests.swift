import Foundation
import RavenCore
import Testing

@testable import RavenBrokerage

/// The spans Alpaca has no period for, cut from the longer history it sends.
@Suite("A brokerage history's year to date and since funded")
struct PortfolioHistorySpansTests {
  private func history(_ points: [(String, String)]) -> BrokeragePortfolioHistory {
    BrokeragePortfolioHistory(
      points: points.map { time, equity in
        .init(time: try! Date(time, strategy: .iso8601), equity: Money(equity)!)
      },
      baseValue: Money(points.first!.1))
  }

  @Test("Year to date keeps New York's year of the last point, measured from its first")
  func yearToDate() {
    let cut = history([
      ("2025-12-31T21:00:00Z", "100"), ("2026-01-01T04:59:00Z", "101"),  // Dec 31 in New York
      ("2026-01-02T21:00:00Z", "102"), ("2026-11-20T21:00:00Z", "110"),
    ]).since(newYearOf: try! Date("2026-11-20T21:00:00Z", strategy: .iso8601))
    #expect(cut.points.map(\.equity.description) == ["102", "110"])
    #expect(cut.baseValue?.description == "102")
  }

  @Test("Since funded drops the zero points before the account had money")
  func sinceFunded() {
    let cut = history([
      ("2026-01-02T21:00:00Z", "0"), ("2026-01-05T21:00:00Z", "0"),
      ("2026-01-06T21:00:00Z", "100000"), ("2026-01-07T21:00:00Z", "0.5"),
    ]).sinceFunded()
    #expect(cut.points.map(\.equity.description) == ["100000", "0.5"])
    #expect(cut.baseValue?.description == "100000")
  }
}
