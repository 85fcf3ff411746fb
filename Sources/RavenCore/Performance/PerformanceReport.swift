import Foundation

/// How an account did over a range, and against a benchmark: every figure the performance
/// view shows, from the account's samples (its value at each point and the flows) and the
/// benchmark's total-return level at the same instants.
public struct PerformanceReport: Sendable, Hashable {
  /// A benchmark's total return over the same range (its dividends reinvested).
  public struct Benchmark: Sendable, Hashable {
    /// Its growth of one dollar at each sample, 1 at the first.
    public var index: [Double]
    public var total: Double
    /// From a year on.
    public var annualized: Double?
    public var days: [TimeWeightedReturn.Day]
  }

  public static let daysPerYear = 365.0

  public var start: Date
  public var end: Date
  public var startValue: Money
  public var endValue: Money
  /// Money in, and money out (both positive), within the range.
  public var deposits: Money
  public var withdrawals: Money
  public var timeWeighted: TimeWeightedReturn
  /// The time-weighted return per year (CAGR), from a year on.
  public var timeWeightedAnnualized: Double?
  public var moneyWeighted: MoneyWeightedReturn
  public var benchmark: Benchmark?
  public var risk: RiskFigures

  /// What the account earned: its change in value less the money put in and taken out.
  public var gain: Money { endValue - startValue - deposits + withdrawals }

  /// - Parameters:
  ///   - samples: in time order; at least one.
  ///   - benchmarkLevels: the benchmark's total-return price at each sample, when known.
  ///   - riskFreeRate: an annual rate for Sharpe.
  public init?(
    samples: [PerformanceSample], benchmarkLevels: [Double]? = nil, riskFreeRate: Double = 0
  ) {
    guard let first = samples.first, let last = samples.last else { return nil }
    start = first.time
    end = last.time
    startValue = first.value
    endValue = last.value
    let flows = samples.dropFirst().map(\.flow)
    deposits = flows.filter(\.isPositive).reduce(.zero, +)
    withdrawals = flows.filter(\.isNegative).reduce(.zero) { $0 - $1 }
    timeWeighted = TimeWeightedReturn(samples)
    let years = last.time.timeIntervalSince(first.time) / (Self.daysPerYear * 86_400)
    timeWeightedAnnualized = Self.annualized(timeWeighted.total, years: years)
    moneyWeighted = MoneyWeightedReturn(samples)
    if let levels = benchmarkLevels, levels.count == samples.count, let base = levels.first,
      base > 0
    {
      let index = levels.map { $0 / base }
      let total = (index.last ?? 1) - 1
      benchmark = Benchmark(
        index: index, total: total, annualized: Self.annualized(total, years: years),
        days: TimeWeightedReturn.sessionReturns(samples, levels: index))
    }
    risk = RiskFigures(
      days: timeWeighted.days,
      benchmark: benchmark.map { benchmark in
        Dictionary(
          benchmark.days.map { ($0.session, $0.dailyReturn) }, uniquingKeysWith: { $1 })
      }, riskFreeRate: riskFreeRate, start: first.session)
  }

  /// The time-weighted return less the benchmark's.
  public var excessReturn: Double? { benchmark.map { timeWeighted.total - $0.total } }

  /// `(1 + total)^(1 / years) − 1` from a year on (as quantstats' CAGR, in years of 365
  /// days); nil before.
  static func annualized(_ total: Double, years: Double) -> Double? {
    guard years >= 1, total > -1 else { return nil }
    return pow(1 + total, 1 / years) - 1
  }
}
