import Foundation

/// The money-weighted return of a range: the internal rate of return of its flows and its
/// ending value, `−V₀ − Σ Fᵢ (1 + r)^−tᵢ + Vₙ (1 + r)^−T = 0`, with times in years of 365
/// days. `period` is the rate over the whole range, `(1 + r)^T − 1`; `annual` is `r`
/// itself, given from a year on (annualizing a shorter range exaggerates it).
///
/// A polynomial of flows may have no such rate or several; then there is none, with the
/// reason.
public enum MoneyWeightedReturn: Sendable, Hashable {
  case rate(period: Double, annual: Double?)
  case undefined(reason: String)

  /// The lowest and highest growth factors over the range (`(1 + r)^T`) searched.
  static let searchedGrowth = (low: 1e-6, high: 1e6)
  /// Brackets searched for a sign change, spaced evenly in the growth's logarithm.
  static let brackets = 600

  /// - Precondition: `samples` are in time order.
  public init(_ samples: [PerformanceSample]) {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      self = .undefined(reason: "The range is too short to have a rate")
      return
    }
    // What went in is negative, what came back positive: the starting value is the first
    // investment, later deposits more of it, withdrawals and the ending value returns.
    // Times are fractions of the range, so the root searched is the range's growth.
    let span = Self.years(from: first.time, to: last.time)
    func share(_ time: Date) -> Double { Self.years(from: first.time, to: time) / span }
    var flows: [(years: Double, amount: Double)] = [(0, -PerformanceRatio.double(first.value))]
    for sample in samples.dropFirst() where !sample.flow.isZero {
      flows.append((share(sample.time), -PerformanceRatio.double(sample.flow)))
    }
    flows.append((1, PerformanceRatio.double(last.value)))
    guard flows.contains(where: { $0.amount < 0 }), flows.contains(where: { $0.amount > 0 }) else {
      self = .undefined(reason: "Money went only one way, so no rate balances it")
      return
    }
    let roots = Self.roots(of: flows)
    switch roots.count {
    case 0:
      self = .undefined(reason: "No rate makes the flows and the ending value balance")
    case 1:
      let growth = roots[0]
      self = .rate(period: growth - 1, annual: span >= 1 ? pow(growth, 1 / span) - 1 : nil)
    default:
      self = .undefined(reason: "Several rates balance the flows, so none is the return")
    }
  }

  static func years(from start: Date, to end: Date) -> Double {
    end.timeIntervalSince(start) / (365 * 86_400)
  }

  /// The net present value at growth factor `growth`.
  static func presentValue(_ flows: [(years: Double, amount: Double)], growth: Double) -> Double {
    flows.reduce(0) { sum, flow in sum + flow.amount * pow(growth, -flow.years) }
  }

  /// The growth factors where the present value crosses zero, each refined by bisection.
  static func roots(of flows: [(years: Double, amount: Double)]) -> [Double] {
    let low = log(searchedGrowth.low)
    let step = (log(searchedGrowth.high) - low) / Double(brackets)
    var roots: [Double] = []
    var left = searchedGrowth.low
    var leftValue = presentValue(flows, growth: left)
    for bracket in 1...brackets {
      let right = exp(low + step * Double(bracket))
      let rightValue = presentValue(flows, growth: right)
      if leftValue == 0 {
        roots.append(left)
      } else if leftValue.sign != rightValue.sign, rightValue != 0 {
        roots.append(bisect(flows, left, right, leftValue))
      }
      (left, leftValue) = (right, rightValue)
    }
    return roots
  }

  private static func bisect(
    _ flows: [(years: Double, amount: Double)], _ low: Double, _ high: Double, _ lowValue: Double
  ) -> Double {
    var (low, high, lowValue) = (low, high, lowValue)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      let value = presentValue(flows, growth: middle)
      if value == 0 || high - low < 1e-15 * middle { return middle }
      if value.sign == lowValue.sign {
        (low, lowValue) = (middle, value)
      } else {
        high = middle
      }
    }
    return (low + high) / 2
  }
}
