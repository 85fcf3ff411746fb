import RavenMarketData

/// A session's minute-by-minute log levels, drawn to fit the day the daily series
/// decided: from its open to its close, reaching its high and its low exactly.
///
/// First a Brownian bridge from the open to the close on the session's U-shaped clock
/// (a minute's variance is its share of the day's, as its volume is), mixing the
/// market's, the industry's and the stock's own minute shocks so that stocks move
/// together within the day too; each minute gets wicks beyond its open and close. Then
/// the whole is mapped monotonically onto the day: levels between the open and the close
/// stay, those above stretch or shrink so the highest wick lands on the day's high, and
/// those below likewise onto its low. A monotone map keeps every minute's high above its
/// open and close and its low below them.
struct IntradayWalk {
  /// `minutes + 1` levels: the open of each minute, then the session's close.
  let levels: [Double]
  let highs: [Double]
  let lows: [Double]

  init(
    model: PriceModel, stock: StockModel, sessionIndex: Int, daily: DailySeries,
    shape: IntradayShape
  ) {
    let weights = shape.weights
    let minutes = weights.count
    let open = daily.openLevels[sessionIndex]
    let close = daily.closeLevels[sessionIndex]
    let sigma = daily.intradayVolatility[sessionIndex]
    let market = model.noise.stream("market").stream("intraday").stream(sessionIndex)
    let industry = stock.industryNoise.stream("intraday").stream(sessionIndex)
    let own = stock.symbolNoise.stream("intraday").stream(sessionIndex)

    // A random walk on the variance clock, then tied down at both ends.
    var walk = [Double](repeating: 0, count: minutes + 1)
    var clock = [Double](repeating: 0, count: minutes + 1)
    for minute in 0..<minutes {
      let shock =
        StockModel.marketWeight * market.normal(minute) + StockModel.industryWeight
        * industry.normal(minute) + StockModel.ownWeight * own.normal(minute)
      walk[minute + 1] = walk[minute] + weights[minute].squareRoot() * shock
      clock[minute + 1] = clock[minute] + weights[minute]
    }
    let end = walk[minutes]
    var levels = (0...minutes).map { point in
      let elapsed = clock[point] / clock[minutes]
      return open + (close - open) * elapsed + sigma * (walk[point] - elapsed * end)
    }
    levels[0] = open
    levels[minutes] = close

    // Wicks: half a minute's σ beyond the open and close, never quite zero, so the
    // drawn path always reaches past both ends and the map below is well defined.
    var highs = [Double]()
    var lows = [Double]()
    highs.reserveCapacity(minutes)
    lows.reserveCapacity(minutes)
    for minute in 0..<minutes {
      let scale = 0.5 * sigma * weights[minute].squareRoot()
      let upper = max(levels[minute], levels[minute + 1])
      let lower = min(levels[minute], levels[minute + 1])
      highs.append(upper + scale * (shape.noise.normal(4 * minute).magnitude + 0.05))
      lows.append(lower - scale * (shape.noise.normal(4 * minute + 1).magnitude + 0.05))
    }

    let fit = DayFit(
      open: open, close: close, drawnHigh: highs.max()!, drawnLow: lows.min()!,
      high: daily.highLevels[sessionIndex], low: daily.lowLevels[sessionIndex])
    self.levels = levels.map(fit.apply)
    self.highs = Self.pinned(highs.map(fit.apply), at: fit.high, extreme: .max)
    self.lows = Self.pinned(lows.map(fit.apply), at: fit.low, extreme: .min)
  }

  private enum Extreme { case max, min }

  /// `values` held to `bound`, and the most extreme one set to it exactly, so that the
  /// session's high (or low) in cents is exactly the daily series' after rounding.
  private static func pinned(_ values: [Double], at bound: Double, extreme: Extreme) -> [Double] {
    var values = values
    var best = 0
    for index in values.indices {
      switch extreme {
      case .max:
        values[index] = min(values[index], bound)
        if values[index] > values[best] { best = index }
      case .min:
        values[index] = max(values[index], bound)
        if values[index] < values[best] { best = index }
      }
    }
    values[best] = bound
    return values
  }
}

/// The monotone piecewise-linear map from a drawn session onto the decided one: the
/// identity between the open and the close, a linear stretch above onto the high and
/// below onto the low.
private struct DayFit {
  let top: Double
  let bottom: Double
  let high: Double
  let low: Double
  let upperScale: Double
  let lowerScale: Double

  init(open: Double, close: Double, drawnHigh: Double, drawnLow: Double, high: Double, low: Double)
  {
    top = max(open, close)
    bottom = min(open, close)
    self.high = high
    self.low = low
    upperScale = (high - top) / (drawnHigh - top)
    lowerScale = (bottom - low) / (bottom - drawnLow)
  }

  func apply(_ level: Double) -> Double {
    if level > top { return top + (level - top) * upperScale }
    if level < bottom { return bottom - (bottom - level) * lowerScale }
    return level
  }
}
