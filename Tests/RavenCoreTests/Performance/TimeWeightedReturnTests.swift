import Foundation
import RavenCore
import Testing

/// Time- and money-weighted returns held to values computed by hand (issue 35).
@Suite("Time- and money-weighted returns")
struct TimeWeightedReturnTests {
  typealias F = PerformanceFixtures

  @Test("Without flows: the index is the value's growth; each session's return links its own")
  func noFlows() {
    let samples = [
      F.sample(day: 0, value: "100", flow: "100"),
      F.sample(day: 0, value: "110", secondsIntoDay: 3_600),
      F.sample(day: 1, value: "99"), F.sample(day: 2, value: "121"),
    ]
    let twr = TimeWeightedReturn(samples)
    #expect(zip(twr.index, [1, 1.1, 0.99, 1.21]).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(abs(twr.total - 0.21) < 1e-12)
    #expect(
      twr.days.map(\.session) == [
        F.firstSession, F.firstSession.adding(days: 1), F.firstSession.adding(days: 2),
      ])
    let daily = twr.days.map(\.dailyReturn)
    #expect(abs(daily[0] - 0.1) < 1e-12 && abs(daily[1] + 0.1) < 1e-12)
    #expect(abs(daily[2] - (121.0 / 99 - 1)) < 1e-12)
  }

  @Test("A deposit and a withdrawal mid-range change the value, not the return")
  func depositAndWithdrawal() {
    let samples = [
      F.sample(day: 0, value: "100", flow: "100"),
      F.sample(day: 0, value: "110", secondsIntoDay: 3_600),
      F.sample(day: 1, value: "160", flow: "50"),
      F.sample(day: 1, value: "176", secondsIntoDay: 3_600),
      F.sample(day: 2, value: "76", flow: "-100"),
      F.sample(day: 2, value: "83.6", secondsIntoDay: 3_600),
    ]
    let twr = TimeWeightedReturn(samples)
    #expect(abs(twr.total - 0.331) < 1e-12)
    #expect(twr.days.allSatisfy { abs($0.dailyReturn - 0.1) < 1e-12 })
  }

  @Test("Money-weighted: 10 % a year twice with a deposit between is 10 % a year")
  func moneyWeightedEvenYears() throws {
    let samples = [
      F.sample(years: 0, value: "100", flow: "100"), F.sample(years: 1, value: "210", flow: "100"),
      F.sample(years: 2, value: "231"),
    ]
    guard case .rate(let period, let annual?) = MoneyWeightedReturn(samples) else {
      Issue.record("no rate")
      return
    }
    #expect(abs(annual - 0.1) < 1e-9)
    #expect(abs(period - 0.21) < 1e-9)
    #expect(abs(TimeWeightedReturn(samples).total - 0.21) < 1e-12)
  }

  @Test("Money-weighted: a deposit before a loss weighs the loss more than time-weighted does")
  func moneyWeightedBadTiming() throws {
    let samples = [
      F.sample(years: 0, value: "100", flow: "100"), F.sample(years: 1, value: "210", flow: "100"),
      F.sample(years: 2, value: "189"),
    ]
    guard case .rate(let period, let annual?) = MoneyWeightedReturn(samples) else {
      Issue.record("no rate")
      return
    }
    // x² + x − 1.89 = 0 for x = 1 + r.
    #expect(abs(annual - -0.0371261161672205) < 1e-9)
    #expect(abs(period - -0.07287388383277904) < 1e-9)
    #expect(abs(TimeWeightedReturn(samples).total - -0.01) < 1e-12)
  }

  @Test("Under a year the rate is the range's own, not annualized")
  func moneyWeightedShortRange() {
    let samples = [F.sample(day: 0, value: "100", flow: "100"), F.sample(day: 2, value: "150")]
    guard case .rate(let period, let annual) = MoneyWeightedReturn(samples) else {
      Issue.record("no rate")
      return
    }
    #expect(abs(period - 0.5) < 1e-9 && annual == nil)
  }

  @Test("Money-weighted is undefined when money went one way or the range is an instant")
  func moneyWeightedUndefined() {
    let lost = [F.sample(years: 0, value: "100", flow: "100"), F.sample(years: 1, value: "0")]
    guard case .undefined(let reason) = MoneyWeightedReturn(lost) else {
      Issue.record("a rate for money that never came back")
      return
    }
    #expect(reason.contains("one way"))
    let instant = [F.sample(years: 0, value: "100", flow: "100")]
    #expect(
      MoneyWeightedReturn(instant) == .undefined(reason: "The range is too short to have a rate"))
    // Signs that change three times: −100, +230, −132, a value of 0 at the end gives two
    // growth factors (1.1 and 1.2) that balance.
    let two = [
      F.sample(years: 0, value: "100", flow: "100"), F.sample(years: 1, value: "0", flow: "-230"),
      F.sample(years: 2, value: "0", flow: "132"), F.sample(years: 3, value: "0"),
    ]
    guard case .undefined(let several) = MoneyWeightedReturn(two) else {
      Issue.record("one rate where two balance")
      return
    }
    #expect(several.contains("Several"))
  }
}
