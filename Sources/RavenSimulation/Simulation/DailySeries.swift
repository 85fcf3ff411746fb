import RavenMarketData

/// One stock's sessions, each decided before its minutes: the open, high, low and close
/// as log levels (log of price over the stock's reference price), the volatility of the
/// open-to-close move and the shares traded. Built once per (stock, seed) for the whole
/// calendar (`PriceModel.dailySeries`) and kept (`SimulatedSeriesCache`): a daily bar is
/// then a lookup, and a session's minutes are drawn to fit it exactly (`SessionPath`).
///
/// A price series held as levels can later be adjusted for splits and dividends by
/// shifting the levels before a corporate action, without touching the model.
struct DailySeries: Sendable {
  let openLevels: [Double]
  let highLevels: [Double]
  let lowLevels: [Double]
  let closeLevels: [Double]
  /// The standard deviation of the session's open-to-close log move.
  let intradayVolatility: [Double]
  /// Shares traded in the whole session; at least one per minute.
  let volumes: [Int64]
}

extension PriceModel {
  /// The security's sessions from the factors it draws on (`mix`) and its earnings
  /// reports (`surprises`: the session a report came out before, and the surprise as a
  /// fraction of the estimate).
  func dailySeries(_ stock: StockModel, mix: FactorMix, surprises: [Int: Double]) -> DailySeries {
    let count = calendar.sessions.count
    let nightWeight = Self.nightShare.squareRoot()
    let dayWeight = (1 - Self.nightShare).squareRoot()
    let ranges = stock.symbolNoise.stream("range")
    let activity = stock.symbolNoise.stream("volume")
    // Where the price stands against its trend, in log terms, after each night and day.
    var openDeviations = [Double](repeating: 0, count: count)
    var closeDeviations = [Double](repeating: 0, count: count)
    var intradayVolatility = [Double](repeating: 0, count: count)
    var volumes = [Int64](repeating: 0, count: count)
    var deviation = 0.0
    for session in 0..<count {
      // E[h²] = 1 when the summed log-volatility is normal with the total variance.
      // Summed from zero in the mix's order: for a stock, the same bits as market +
      // industry + own.
      var logVolatility = 0.0
      for factor in mix.volatilities { logVolatility += factor.logVolatility[session] }
      logVolatility -= mix.variance
      let sigma = stock.dailyVolatility * DeterministicMath.exp(logVolatility)
      var nightShock = 0.0
      var dayShock = 0.0
      for (factor, weight) in mix.shocks {
        nightShock += weight * factor.night[session]
        dayShock += weight * factor.day[session]
      }
      var gap = sigma * nightWeight * nightShock
      if let surprise = surprises[session] {
        gap += sigma * earningsReaction(stock, session: session, surprise: surprise)
      }
      let open = deviation + gap
      let close = open + sigma * dayWeight * dayShock - Self.reversionRate * deviation
      openDeviations[session] = open
      closeDeviations[session] = close
      intradayVolatility[session] = sigma * dayWeight
      volumes[session] = sessionVolume(
        stock, session: session, move: (close - deviation) / stock.dailyVolatility,
        volatility: sigma / stock.dailyVolatility, jitter: activity.value(session, in: 0.7...1.3))
      deviation = close
    }

    // Levels are anchored: zero at the anchor session's close, the trend's drift around it.
    let anchorDeviation = closeDeviations[min(stock.anchorSession, count - 1)]
    var openLevels = [Double](repeating: 0, count: count)
    var highLevels = [Double](repeating: 0, count: count)
    var lowLevels = [Double](repeating: 0, count: count)
    var closeLevels = [Double](repeating: 0, count: count)
    for session in 0..<count {
      let trend = stock.dailyDrift * Double(session - stock.anchorSession)
      let open = trend - stock.dailyDrift + openDeviations[session] - anchorDeviation
      let close = trend + closeDeviations[session] - anchorDeviation
      let variance = intradayVolatility[session] * intradayVolatility[session]
      openLevels[session] = open
      closeLevels[session] = close
      highLevels[session] = Self.bridgeExtreme(
        open, close, variance: variance, uniform: ranges.uniform(2 * session), upper: true)
      lowLevels[session] = Self.bridgeExtreme(
        open, close, variance: variance, uniform: ranges.uniform(2 * session + 1), upper: false)
    }
    return DailySeries(
      openLevels: openLevels, highLevels: highLevels, lowLevels: lowLevels,
      closeLevels: closeLevels, intradayVolatility: intradayVolatility, volumes: volumes)
  }

  /// The highest (or lowest) level a Brownian bridge from `start` to `end` with total
  /// `variance` reaches, drawn from its exact distribution: P(max ≥ m) =
  /// exp(−2(m − start)(m − end) / variance), inverted at `uniform`. Held beyond both
  /// ends, which a last-bit rounding could otherwise cross.
  static func bridgeExtreme(
    _ start: Double, _ end: Double, variance: Double, uniform: Double, upper: Bool
  ) -> Double {
    let gap = end - start
    let reach = (gap * gap - 2 * variance * DeterministicMath.log(1 - uniform)).squareRoot()
    return upper
      ? max((start + end + reach) / 2, start, end) : min((start + end - reach) / 2, start, end)
  }

  /// Shares traded in `session`: busier on big moves and in turbulent times, and short
  /// on half days. `move` and `volatility` are in units of the stock's typical day.
  private func sessionVolume(
    _ stock: StockModel, session: Int, move: Double, volatility: Double, jitter: Double
  ) -> Int64 {
    let span = calendar.sessions[session]
    let minutes = Int(span.close.timeIntervalSince(span.open)) / 60
    // A typical day moves about 0.7 of its σ, so the busy-day factor averages ~1.4.
    let activity = jitter * (0.55 + 0.45 * volatility) * (1 + 0.6 * move.magnitude) / 1.4
    let shares = stock.typicalVolume * activity * Double(minutes) / 390
    return max(Int64(minutes), Int64(shares.rounded()))
  }
}
