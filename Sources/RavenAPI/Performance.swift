import Foundation
import RavenCore

/// `GET /api/v1/portfolio/performance`: how the account did over a range, against a
/// benchmark. Returns are fractions written as decimal text (`"0.0820"` is 8.20 %), rounded
/// to six places; amounts are dollars and cents. A figure that cannot be had is `null`
/// (a range under a year has no annualized return; a day has no volatility).
public struct PerformanceBody: Sendable, Hashable, Codable {
  public struct BenchmarkBody: Sendable, Hashable, Codable {
    public var symbol: Symbol
    /// Its total return (dividends reinvested) over the same range.
    public var totalReturn: ExactDecimal
    public var annualizedReturn: ExactDecimal?

    enum CodingKeys: String, CodingKey { case symbol, totalReturn, annualizedReturn }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(symbol, forKey: .symbol)
      try container.encode(totalReturn, forKey: .totalReturn)
      try container.encode(annualizedReturn, forKey: .annualizedReturn)
    }
  }

  public struct DrawdownBody: Sendable, Hashable, Codable {
    /// Negative: `"-0.120000"` is 12 % below the peak.
    public var depth: ExactDecimal
    public var peak: MarketDate
    public var trough: MarketDate
    /// The first session back at the peak; `null` while still below it.
    public var recovery: MarketDate?

    enum CodingKeys: String, CodingKey { case depth, peak, trough, recovery }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(depth, forKey: .depth)
      try container.encode(peak, forKey: .peak)
      try container.encode(trough, forKey: .trough)
      try container.encode(recovery, forKey: .recovery)
    }
  }

  public struct SessionBody: Sendable, Hashable, Codable {
    public var date: MarketDate
    public var dailyReturn: ExactDecimal
  }

  public var range: PortfolioRange
  public var start: Date
  public var end: Date
  public var startValue: Money
  public var endValue: Money
  public var deposits: Money
  public var withdrawals: Money
  /// The change in value less the money put in and taken out.
  public var gain: Money
  /// Whether the deposits and withdrawals are known (a linked account's are where Alpaca
  /// lists its cash flows): without them, a deposit reads as a gain.
  public var flowsKnown: Bool
  public var timeWeightedReturn: ExactDecimal
  public var timeWeightedReturnAnnualized: ExactDecimal?
  public var moneyWeightedReturn: ExactDecimal?
  public var moneyWeightedReturnAnnualized: ExactDecimal?
  /// Why there is no money-weighted return, when there is none.
  public var moneyWeightedReturnNote: String?
  public var benchmark: BenchmarkBody?
  /// The time-weighted return less the benchmark's.
  public var excessReturn: ExactDecimal?
  public var volatility: ExactDecimal?
  public var sharpeRatio: ExactDecimal?
  public var riskFreeRate: ExactDecimal
  public var maxDrawdown: DrawdownBody?
  public var bestSession: SessionBody?
  public var worstSession: SessionBody?
  public var beta: ExactDecimal?

  public init(
    range: PortfolioRange, report: PerformanceReport, benchmark symbol: Symbol,
    riskFreeRate: ExactDecimal, flowsKnown: Bool
  ) {
    self.range = range
    start = report.start
    end = report.end
    startValue = report.startValue
    endValue = report.endValue
    deposits = report.deposits
    withdrawals = report.withdrawals
    gain = report.gain
    self.flowsKnown = flowsKnown
    timeWeightedReturn = Self.ratio(report.timeWeighted.total)
    timeWeightedReturnAnnualized = report.timeWeightedAnnualized.map(Self.ratio)
    switch report.moneyWeighted {
    case .rate(let period, let annual):
      moneyWeightedReturn = Self.ratio(period)
      moneyWeightedReturnAnnualized = annual.map(Self.ratio)
    case .undefined(let reason):
      moneyWeightedReturnNote = reason
    }
    benchmark = report.benchmark.map {
      BenchmarkBody(
        symbol: symbol, totalReturn: Self.ratio($0.total),
        annualizedReturn: $0.annualized.map(Self.ratio))
    }
    excessReturn = report.excessReturn.map(Self.ratio)
    volatility = report.risk.volatility.map(Self.ratio)
    sharpeRatio = report.risk.sharpe.map(Self.ratio)
    self.riskFreeRate = riskFreeRate
    maxDrawdown = report.risk.maxDrawdown.map {
      DrawdownBody(
        depth: Self.ratio($0.depth), peak: $0.peak, trough: $0.trough, recovery: $0.recovery)
    }
    bestSession = report.risk.best.map {
      SessionBody(date: $0.session, dailyReturn: Self.ratio($0.dailyReturn))
    }
    worstSession = report.risk.worst.map {
      SessionBody(date: $0.session, dailyReturn: Self.ratio($0.dailyReturn))
    }
    beta = report.risk.beta.map(Self.ratio)
  }

  /// A ratio as decimal text with six places; a value no decimal holds (not finite) is 0.
  public static func ratio(_ value: Double) -> ExactDecimal {
    guard value.isFinite else { return ExactDecimal.zero.withFractionDigits(6) }
    return ExactDecimal(Decimal(value), fractionDigits: 12).rounded(toFractionDigits: 6)
  }

  enum CodingKeys: String, CodingKey {
    case range, start, end, startValue, endValue, deposits, withdrawals, gain, flowsKnown
    case timeWeightedReturn, timeWeightedReturnAnnualized, moneyWeightedReturn
    case moneyWeightedReturnAnnualized, moneyWeightedReturnNote, benchmark, excessReturn
    case volatility, sharpeRatio, riskFreeRate, maxDrawdown, bestSession, worstSession, beta
  }

  /// Every key written, `null` where a figure cannot be had: a client reads one shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(range, forKey: .range)
    try container.encode(start, forKey: .start)
    try container.encode(end, forKey: .end)
    try container.encode(startValue, forKey: .startValue)
    try container.encode(endValue, forKey: .endValue)
    try container.encode(deposits, forKey: .deposits)
    try container.encode(withdrawals, forKey: .withdrawals)
    try container.encode(gain, forKey: .gain)
    try container.encode(flowsKnown, forKey: .flowsKnown)
    try container.encode(timeWeightedReturn, forKey: .timeWeightedReturn)
    try container.encode(timeWeightedReturnAnnualized, forKey: .timeWeightedReturnAnnualized)
    try container.encode(moneyWeightedReturn, forKey: .moneyWeightedReturn)
    try container.encode(moneyWeightedReturnAnnualized, forKey: .moneyWeightedReturnAnnualized)
    try container.encode(moneyWeightedReturnNote, forKey: .moneyWeightedReturnNote)
    try container.encode(benchmark, forKey: .benchmark)
    try container.encode(excessReturn, forKey: .excessReturn)
    try container.encode(volatility, forKey: .volatility)
    try container.encode(sharpeRatio, forKey: .sharpeRatio)
    try container.encode(riskFreeRate, forKey: .riskFreeRate)
    try container.encode(maxDrawdown, forKey: .maxDrawdown)
    try container.encode(bestSession, forKey: .bestSession)
    try container.encode(worstSession, forKey: .worstSession)
    try container.encode(beta, forKey: .beta)
  }
}
