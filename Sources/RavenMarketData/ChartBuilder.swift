import Foundation
import RavenCore

/// Builds the charts clients draw from a provider's bars: picks the interval for a
/// range with the NYSE calendar, downsamples with LTTB, and adds segments and ticks.
/// The web app, the CLI and an iOS app all get the same computed chart.
public struct ChartBuilder: Sendable {
  public let provider: any MarketDataProvider
  public let calendar: NYSECalendar

  /// The most points a chart may ask for; the default suits a phone-width line.
  public static let maximumPoints = 2_000
  public static let defaultPoints = 300
  /// The historical chart: two years of daily candles with a 50-day average.
  public static let candleYears = 2
  public static let movingAveragePeriod = 50

  public init(provider: any MarketDataProvider, calendar: NYSECalendar) {
    self.provider = provider
    self.calendar = calendar
  }

  /// The price line of `symbol` over `range` as of `now`, with at most `points` points.
  public func priceChart(
    for symbol: Symbol, range: ChartRange, points: Int = defaultPoints, now: Date
  ) async throws(MarketDataError) -> PriceChart {
    try await priceChartAnswer(for: symbol, range: range, points: points, now: now).chart
  }

  /// `priceChart`, with the age of its bars and whether they are stale.
  public func priceChartAnswer(
    for symbol: Symbol, range: ChartRange, points: Int = defaultPoints, now: Date
  ) async throws(MarketDataError) -> (chart: PriceChart, bars: AttributedBars) {
    guard (2...Self.maximumPoints).contains(points) else {
      throw .invalidRequest("points must be between 2 and \(Self.maximumPoints)")
    }
    guard let interval = calendar.interval(looking: range.lookback, backFrom: now) else {
      throw .noData(symbol)
    }
    let (answer, resolution, adjustment) = try await servedBars(
      for: symbol, resolution: range.barResolution, to: interval.end.addingTimeInterval(1),
      asOf: now
    ) { _ in interval.start }
    let bars = answer.bars
    let line = LTTB.downsample(bars.map(ChartPoint.init(closeOf:)), threshold: points)
    let previousClose: Price? =
      range == .oneDay ? try await provider.quote(for: symbol, at: now).previousClose : nil
    let prices = line.map(\.price) + (previousClose.map { [$0] } ?? [])
    let ticks = prices.min().flatMap { low in prices.max().map { AxisTicks.nice(min: low, max: $0) }
    }
    let chart = PriceChart(
      symbol: symbol, range: range, resolution: resolution, points: line,
      segments: ChartSegments(points: line, unit: range.segmentUnit, timeZone: calendar.timeZone)
        .segments,
      previousClose: previousClose, baseline: previousClose ?? line.first?.price,
      ticks: ticks ?? [], isLive: calendar.isOpen(at: now) && interval.end >= now,
      source: answer.source.name, adjustment: adjustment)
    return (chart, answer)
  }

  /// Candles with volume and the simple moving average of closes: two years of daily
  /// candles by default (the historical chart), or the candles that suit `range`
  /// (5-minute for 1D, 30-minute for 1W, daily to 1Y, weekly for 5Y, monthly for MAX).
  /// The average is computed over extra earlier candles so it starts at the first one shown.
  public func candleChart(for symbol: Symbol, range: ChartRange? = nil, now: Date)
    async throws(MarketDataError) -> CandleChart
  {
    try await candleChartAnswer(for: symbol, range: range, now: now).chart
  }

  /// `candleChart`, with the age of its bars and whether they are stale.
  public func candleChartAnswer(for symbol: Symbol, range: ChartRange? = nil, now: Date)
    async throws(MarketDataError) -> (chart: CandleChart, bars: AttributedBars)
  {
    let lookback = range?.lookback ?? .years(Self.candleYears)
    guard let interval = calendar.interval(looking: lookback, backFrom: now) else {
      throw .noData(symbol)
    }
    let (answer, resolution, adjustment) = try await servedBars(
      for: symbol, resolution: range.map(Self.candleResolution) ?? .day,
      to: interval.end.addingTimeInterval(1), asOf: now
    ) { resolution in
      interval.start.addingTimeInterval(
        -Self.warmUpSeconds(resolution, period: Self.averagePeriod(resolution)))
    }
    let period = Self.averagePeriod(resolution)
    let bars = answer.bars
    let average = MovingAverage.simple(bars.map(\.close), period: period)
    let shown = bars.indices.filter { bars[$0].time >= interval.start }
    let candles = shown.map { bars[$0] }
    let low = candles.map(\.low).min()
    let high = candles.map(\.high).max()
    let chart = CandleChart(
      symbol: symbol, resolution: resolution, candles: candles,
      movingAverage: shown.map { average[$0] }, movingAveragePeriod: period,
      ticks: low.flatMap { low in high.map { AxisTicks.nice(min: low, max: $0) } } ?? [],
      source: answer.source.name, adjustment: adjustment)
    return (chart, answer)
  }

  /// Split-adjusted bars (as every brokerage app charts them: a split is no crash) at
  /// `resolution` from `start(resolution)`. When the provider cannot serve them, its bars
  /// as they traded at that resolution (Finnhub adjusts only daily bars: over the day or
  /// the week an intraday chart spans, the two differ only across a split), and failing
  /// that the next wider resolution (a free Alpha Vantage key has only the latest 100 daily
  /// bars): a year of weekly points is a truer chart than none, and a simulated one is
  /// never put in its place.
  func servedBars(
    for symbol: Symbol, resolution wanted: BarResolution, to end: Date, asOf now: Date,
    from start: (BarResolution) -> Date
  ) async throws(MarketDataError) -> (AttributedBars, BarResolution, BarAdjustment) {
    var resolution = wanted
    while true {
      for adjustment in [BarAdjustment.split, .raw] {
        do throws(MarketDataError) {
          let answer = try await provider.attributedBars(
            for: symbol, resolution: resolution, from: start(resolution), to: end, asOf: now,
            adjustment: adjustment)
          return (answer, resolution, adjustment)
        } catch .unsupportedRequest(let capability) {
          guard adjustment == .raw else { continue }
          guard let coarser = resolution.coarser else { throw .unsupportedRequest(capability) }
          resolution = coarser
        }
      }
    }
  }

  /// The moving average's period: 50 days on daily candles, 20 bars on any other.
  static func averagePeriod(_ resolution: BarResolution) -> Int {
    resolution == .day ? movingAveragePeriod : 20
  }

  static func candleResolution(_ range: ChartRange) -> BarResolution {
    switch range {
    case .oneDay: .fiveMinutes
    case .oneWeek: .thirtyMinutes
    case .oneMonth, .threeMonths, .oneYear: .day
    case .fiveYears: .week
    case .max: .month
    }
  }

  /// How far before the first shown candle to start so the average is warm (calendar
  /// time, generous for weekends and nights).
  static func warmUpSeconds(_ resolution: BarResolution, period: Int) -> TimeInterval {
    switch resolution {
    case .week: Double(period) * 7 * 86_400
    case .month: Double(period) * 31 * 86_400
    case .day: Double(period) * 1.6 * 86_400
    default: 4 * 86_400
    }
  }
}
