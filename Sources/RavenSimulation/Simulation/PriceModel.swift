import Foundation
import RavenCore
import RavenMarketData

/// The simulated market's price process: a pure function of (seed, stock, time).
///
/// A stock's log price at each session's close is a drift plus a weighted sum of
/// three Brownian motions over the session index: the market's, its industry's and
/// its own (`LevyBrownianPath`, so any day costs O(log n) and no history is stored).
/// Each session opens with a small gap from the previous close and moves from open to
/// close along Brownian bridges of the same three factors, one point per minute.
struct PriceModel: Sendable {
  let noise: DeterministicNoise
  let calendar: NYSECalendar

  /// 2^15 sessions cover 2000 through 2035 (about 9,000 sessions) plus the longest lag.
  static let dailyLevels = 15
  /// A factor's level is its Brownian motion minus the mean of its values this many
  /// sessions (one to four years) earlier. Daily moves stay random, but the level
  /// reverts: over decades a price wanders around its drift instead of drifting off
  /// to a cent or a fortune as a pure random walk would.
  static let reversionLags = [252, 504, 756, 1_008]
  /// Scales the factor back to unit variance per session: each daily step is one
  /// fresh step minus the mean of `reversionLags.count` old ones.
  static let reversionScale = 1 / (1 + 1 / Double(reversionLags.count)).squareRoot()
  /// 2^9 minutes cover the longest (390-minute) session.
  static let intradayLevels = 9

  init(seed: UInt64, calendar: NYSECalendar) {
    self.noise = DeterministicNoise(seed: seed)
    self.calendar = calendar
  }

  /// log(close / reference) at the close of `session`.
  func closeLevel(_ stock: StockModel, session: Int) -> Double {
    let index = max(session, 0)
    let anchor = stock.anchorSession
    let factors =
      StockModel.marketWeight * change(marketDaily, index, anchor)
      + StockModel.industryWeight * change(daily(stock.industryNoise), index, anchor)
      + StockModel.ownWeight * change(daily(stock.symbolNoise), index, anchor)
    return stock.dailyDrift * Double(index - anchor) + stock.dailyVolatility * factors
  }

  /// log(open / reference) for `session`: the previous close plus an overnight gap.
  func openLevel(_ stock: StockModel, session: Int) -> Double {
    let gap = 0.3 * stock.dailyVolatility * stock.symbolNoise.stream("gap").normal(session)
    return closeLevel(stock, session: session - 1) + gap
  }

  /// The price in cents at a log level: never below one cent.
  func cents(_ stock: StockModel, level: Double) -> Int64 {
    max(1, Int64((stock.referenceCents * DeterministicMath.exp(level)).rounded()))
  }

  /// The minute-by-minute log levels of `session`: `minutes + 1` points from the
  /// open level to the close level.
  func intradayLevels(_ stock: StockModel, session: Int, minutes: Int) -> [Double] {
    let open = openLevel(stock, session: session)
    let close = closeLevel(stock, session: session)
    let market = intraday(noise.stream("market"), session).bridge(span: minutes)
    let industry = intraday(stock.industryNoise, session).bridge(span: minutes)
    let own = intraday(stock.symbolNoise, session).bridge(span: minutes)
    let minuteVolatility = stock.dailyVolatility / Double(minutes).squareRoot()
    var levels = (0...minutes).map { minute in
      let trend = open + (close - open) * Double(minute) / Double(minutes)
      let wiggle =
        StockModel.marketWeight * market[minute] + StockModel.industryWeight * industry[minute]
        + StockModel.ownWeight * own[minute]
      return trend + minuteVolatility * wiggle
    }
    // Pin the ends exactly: the bridges end at zero only up to rounding, and the first
    // open and last close must be the daily model's to the cent.
    levels[0] = open
    levels[minutes] = close
    return levels
  }

  private var marketDaily: LevyBrownianPath { daily(noise.stream("market")) }

  private func daily(_ stream: DeterministicNoise) -> LevyBrownianPath {
    LevyBrownianPath(noise: stream.stream("daily"), levels: Self.dailyLevels)
  }

  private func intraday(_ stream: DeterministicNoise, _ session: Int) -> LevyBrownianPath {
    LevyBrownianPath(noise: stream.stream("intraday").stream(session), levels: Self.intradayLevels)
  }

  /// How far a factor moved from the anchor session to `index`.
  private func change(_ path: LevyBrownianPath, _ index: Int, _ anchor: Int) -> Double {
    level(path, index) - level(path, anchor)
  }

  private func level(_ path: LevyBrownianPath, _ index: Int) -> Double {
    let shifted = index + Self.reversionLags[Self.reversionLags.count - 1]
    var lagged = 0.0
    for lag in Self.reversionLags { lagged += path.value(at: shifted - lag) }
    return (path.value(at: shifted) - lagged / Double(Self.reversionLags.count))
      * Self.reversionScale
  }
}
