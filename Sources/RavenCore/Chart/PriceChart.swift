import Foundation

/// A stock's price line for one range, ready to draw: downsampled points, the
/// segments a finger scrubs through, y-axis ticks, and which way the range went.
public struct PriceChart: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var range: ChartRange
  /// The bars the points were taken from (before downsampling).
  public var resolution: BarResolution
  public var points: [ChartPoint]
  public var segments: [ChartSegment]
  /// The previous session's close: the dashed baseline of a 1D chart (`nil` otherwise).
  public var previousClose: Price?
  /// What the range's change is measured from: the previous close on 1D, else the first point.
  public var baseline: Price?
  /// Last price − baseline, and as a percentage of the baseline.
  public var change: Price
  public var changePercent: ExactDecimal
  /// Nice y-axis values covering the points (and the previous close on 1D).
  public var ticks: [ExactDecimal]
  /// Whether the chart's last point is the live price of an open session (the glowing dot).
  public var isLive: Bool
  /// Who supplied the prices.
  public var source: String
  /// `split` (a split is no crash on a chart), or `raw` from a provider that has no
  /// split-adjusted bars at this resolution.
  public var adjustment: BarAdjustment

  public init(
    symbol: Symbol, range: ChartRange, resolution: BarResolution, points: [ChartPoint],
    segments: [ChartSegment], previousClose: Price?, baseline: Price?, ticks: [ExactDecimal],
    isLive: Bool, source: String, adjustment: BarAdjustment = .split
  ) {
    self.symbol = symbol
    self.range = range
    self.resolution = resolution
    self.points = points
    self.segments = segments
    self.previousClose = previousClose
    self.baseline = baseline
    if let last = points.last?.price, let baseline {
      self.change = last - baseline
      self.changePercent =
        baseline.percentChange(to: last) ?? ExactDecimal.zero.withFractionDigits(2)
    } else {
      self.change = .zero
      self.changePercent = ExactDecimal.zero.withFractionDigits(2)
    }
    self.ticks = ticks
    self.isLive = isLive
    self.source = source
    self.adjustment = adjustment
  }

  /// Green when the range ended at or above where it started, red below.
  public var isUp: Bool { !change.isNegative }
}

/// Daily candles with volume and a simple moving average: the historical chart.
public struct CandleChart: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var resolution: BarResolution
  public var candles: [Bar]
  /// The simple moving average of closes, one per candle (`nil` until enough candles).
  public var movingAverage: [Price?]
  public var movingAveragePeriod: Int
  public var ticks: [ExactDecimal]
  public var source: String
  /// As `PriceChart.adjustment`.
  public var adjustment: BarAdjustment

  public init(
    symbol: Symbol, resolution: BarResolution, candles: [Bar], movingAverage: [Price?],
    movingAveragePeriod: Int, ticks: [ExactDecimal], source: String,
    adjustment: BarAdjustment = .split
  ) {
    self.symbol = symbol
    self.resolution = resolution
    self.candles = candles
    self.movingAverage = movingAverage
    self.movingAveragePeriod = movingAveragePeriod
    self.ticks = ticks
    self.source = source
    self.adjustment = adjustment
  }
}
