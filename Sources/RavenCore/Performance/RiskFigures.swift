import Foundation

/// How bumpy the road was, from the time-weighted return's daily returns, computed as
/// quantstats and empyrical compute them so anyone can check:
///
/// - volatility: the sample standard deviation (n − 1) of the daily returns × √252;
/// - Sharpe: (mean daily return − daily risk-free rate) ÷ that deviation × √252, the daily
///   risk-free rate being `(1 + annual)^(1/252) − 1`;
/// - maximum drawdown: min(index ÷ running peak) − 1 over the TWR index, its start (1, at
///   the range's first session) and each session's close, as empyrical counts it (quantstats
///   leaves the start out, so a loss on the first session would not count);
/// - beta: cov(account, benchmark) ÷ var(benchmark) over the sessions both have.
public struct RiskFigures: Sendable, Hashable {
  public static let sessionsPerYear = 252.0

  public struct Drawdown: Sendable, Hashable {
    /// Negative: −0.12 is 12 % below the peak.
    public var depth: Double
    public var peak: MarketDate
    public var trough: MarketDate
    /// The first session back at the peak's level; `nil` while still below it.
    public var recovery: MarketDate?
  }

  public struct Session: Sendable, Hashable {
    public var session: MarketDate
    public var dailyReturn: Double
  }

  /// `nil` with fewer than two sessions.
  public var volatility: Double?
  /// `nil` with fewer than two sessions or no variation.
  public var sharpe: Double?
  /// `nil` when the index never fell below a peak.
  public var maxDrawdown: Drawdown?
  public var best: Session?
  public var worst: Session?
  /// `nil` without a benchmark, with fewer than two common sessions or a flat benchmark.
  public var beta: Double?

  /// - Parameters:
  ///   - days: the account's daily returns, in session order.
  ///   - benchmark: the benchmark's daily return by session.
  ///   - riskFreeRate: an annual rate (0.04 is 4 %).
  ///   - start: the session of the range's start, whose index (1) is the first peak; nil
  ///     to start from the first close.
  public init(
    days: [TimeWeightedReturn.Day], benchmark: [MarketDate: Double]? = nil,
    riskFreeRate: Double = 0, start: MarketDate? = nil
  ) {
    let returns = days.map(\.dailyReturn)
    let deviation = Self.sampleDeviation(returns)
    volatility = deviation.map { $0 * Self.sessionsPerYear.squareRoot() }
    if let deviation, deviation > 0 {
      let dailyRiskFree = pow(1 + riskFreeRate, 1 / Self.sessionsPerYear) - 1
      let mean = returns.reduce(0, +) / Double(returns.count)
      sharpe = (mean - dailyRiskFree) / deviation * Self.sessionsPerYear.squareRoot()
    }
    let ranked = days.map { Session(session: $0.session, dailyReturn: $0.dailyReturn) }
    best = ranked.max { $0.dailyReturn < $1.dailyReturn }
    worst = ranked.min { $0.dailyReturn < $1.dailyReturn }
    maxDrawdown = Self.drawdown(days, start: start)
    if let benchmark {
      let pairs = days.compactMap { day in benchmark[day.session].map { (day.dailyReturn, $0) } }
      beta = Self.beta(pairs)
    }
  }

  static func sampleDeviation(_ values: [Double]) -> Double? {
    guard values.count >= 2 else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (squares / Double(values.count - 1)).squareRoot()
  }

  static func drawdown(_ days: [TimeWeightedReturn.Day], start: MarketDate?) -> Drawdown? {
    var level = 1.0
    var peak: (level: Double, session: MarketDate)? = start.map { (1.0, $0) }
    var deepest: Drawdown?
    var deepestPeakLevel = 0.0
    for day in days {
      level *= 1 + day.dailyReturn
      if let current = peak, level < current.level {
        let depth = level / current.level - 1
        if depth < (deepest?.depth ?? 0) {
          deepest = Drawdown(
            depth: depth, peak: current.session, trough: day.session, recovery: nil)
          deepestPeakLevel = current.level
        }
      } else {
        peak = (level, day.session)
      }
      if var found = deepest, found.recovery == nil, found.trough < day.session,
        level >= deepestPeakLevel
      {
        found.recovery = day.session
        deepest = found
      }
    }
    return deepest
  }

  static func beta(_ pairs: [(account: Double, benchmark: Double)]) -> Double? {
    guard pairs.count >= 2 else { return nil }
    let count = Double(pairs.count)
    let accountMean = pairs.reduce(0) { $0 + $1.account } / count
    let benchmarkMean = pairs.reduce(0) { $0 + $1.benchmark } / count
    var covariance = 0.0
    var variance = 0.0
    for pair in pairs {
      covariance += (pair.account - accountMean) * (pair.benchmark - benchmarkMean)
      variance += (pair.benchmark - benchmarkMean) * (pair.benchmark - benchmarkMean)
    }
    return variance > 0 ? covariance / variance : nil
  }
}
