import Foundation
import RavenCore
import Testing

/// Volatility, Sharpe, drawdown and beta held to values computed as quantstats and
/// empyrical compute them (issue 35).
@Suite("Risk figures")
struct RiskFiguresTests {
  static func days(_ returns: [Double]) -> [TimeWeightedReturn.Day] {
    returns.enumerated().map { position, value in
      TimeWeightedReturn.Day(
        session: PerformanceFixtures.firstSession.adding(days: position),
        time: PerformanceFixtures.start.addingTimeInterval(Double(position) * 86_400),
        dailyReturn: value)
    }
  }

  @Test("Volatility is the sample deviation × √252; Sharpe subtracts the daily risk-free rate")
  func volatilityAndSharpe() throws {
    let figures = RiskFigures(days: Self.days([0.01, -0.02, 0.03]))
    #expect(abs(try #require(figures.volatility) - 0.3994996871087636) < 1e-12)
    #expect(abs(try #require(figures.sharpe) - 4.205259864302775) < 1e-9)
    let withRate = RiskFigures(days: Self.days([0.01, -0.02, 0.03]), riskFreeRate: 0.04)
    #expect(abs(try #require(withRate.sharpe) - 4.107077646170724) < 1e-9)
    #expect(figures.best?.dailyReturn == 0.03 && figures.worst?.dailyReturn == -0.02)
    #expect(figures.worst?.session == PerformanceFixtures.firstSession.adding(days: 1))
    let one = RiskFigures(days: Self.days([0.01]))
    #expect(one.volatility == nil && one.sharpe == nil)
  }

  @Test("The deepest drawdown: its peak, trough and recovery")
  func drawdown() throws {
    let figures = RiskFigures(days: Self.days([0.1, -0.2, 0.05, 0.25, -0.01]))
    let drawdown = try #require(figures.maxDrawdown)
    #expect(abs(drawdown.depth - -0.2) < 1e-12)
    let first = PerformanceFixtures.firstSession
    #expect(drawdown.peak == first && drawdown.trough == first.adding(days: 1))
    #expect(drawdown.recovery == first.adding(days: 3))
    let unrecovered = try #require(RiskFigures(days: Self.days([0.1, -0.2, 0.05])).maxDrawdown)
    #expect(unrecovered.recovery == nil)
    // The range's start is the first peak (as empyrical counts it): a first day's loss is a
    // drawdown from it. Without a start, the first close is the first peak (quantstats).
    let start = PerformanceFixtures.firstSession.adding(days: -1)
    let fromStart = try #require(
      RiskFigures(days: Self.days([-0.1, 0.2]), start: start).maxDrawdown)
    #expect(abs(fromStart.depth - -0.1) < 1e-12 && fromStart.peak == start)
    #expect(fromStart.trough == first && fromStart.recovery == first.adding(days: 1))
    #expect(RiskFigures(days: Self.days([-0.1, 0.2])).maxDrawdown == nil)
    #expect(RiskFigures(days: Self.days([0.05, 0.05]), start: start).maxDrawdown == nil)
  }

  @Test("Beta is the covariance with the benchmark over its variance, on common sessions")
  func beta() throws {
    let days = Self.days([0.01, -0.02, 0.03])
    let benchmark = Dictionary(
      uniqueKeysWithValues: zip(days.map(\.session), [0.005, -0.01, 0.02]))
    let figures = RiskFigures(days: days, benchmark: benchmark)
    #expect(abs(try #require(figures.beta) - 1.6666666666666665) < 1e-12)
    #expect(RiskFigures(days: days, benchmark: [:]).beta == nil)
  }
}
