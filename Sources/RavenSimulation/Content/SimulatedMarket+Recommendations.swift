import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// How many months `recommendationTrends(for:asOf:)` returns, the current one included.
  public static let recommendationMonths = 6

  /// Simulated analyst ratings for the current month and the five before it, newest
  /// first, each dated the first day of its month.
  ///
  /// The number of analysts grows with the company's size (about 8 to 55). The mix of
  /// ratings drifts slowly from month to month and leans with how the stock did over
  /// the three months before the month began: after a strong run more analysts rate
  /// it a buy. Months before the stock's first trading day are left out, so the list
  /// is empty before it lists, and for a fund, which analysts do not rate.
  public func recommendationTrends(for symbol: Symbol, asOf now: Date) throws(MarketDataError)
    -> [RecommendationTrend]
  {
    let stock = try stock(symbol)
    guard !stock.company.isFund, listedSession(stock, asOf: now) != nil,
      let listed = firstTradingDay(stock)
    else {
      return []
    }
    let current = CalendarMonth(containing: calendar.timeZone.marketDate(of: now))
    let first = CalendarMonth(containing: listed)
    return (0..<Self.recommendationMonths)
      .map { current.advanced(by: -$0) }
      .filter { $0 >= first }
      .map { recommendationTrend(stock, month: $0) }
  }

  /// The ratings of `month`, from prices before the month began only.
  func recommendationTrend(_ stock: StockModel, month: CalendarMonth) -> RecommendationTrend {
    let noise = content("analysts", stock)
    // Moving sums of six monthly draws: consecutive months share five of them, so
    // the counts drift rather than jump. Each has unit variance.
    let coverageDrift = movingSum(noise.stream("coverage"), month)
    let moodDrift = movingSum(noise.stream("mood"), month)
    let convictionDrift = movingSum(noise.stream("conviction"), month)

    let base = 8 + 47 * stock.company.prominence
    let total = min(max(Int((base + 1.5 * coverageDrift).rounded()), 8), 55)
    let momentum = trailingMomentum(stock, before: month.firstDay)
    let bias = noise.value(0, in: -0.08...0.08)
    let bullish = bounded(0.55 + bias + 0.08 * moodDrift + 0.08 * momentum, 0.15, 0.92)
    let bearish = bounded(0.06 - 0.02 * moodDrift - 0.035 * momentum, 0, min(0.3, 0.97 - bullish))
    let strongShare = bounded(0.4 + 0.08 * convictionDrift, 0.2, 0.6)
    let counts = Self.apportion(
      total,
      shares: [
        bullish * strongShare, bullish * (1 - strongShare), 1 - bullish - bearish,
        bearish * 0.7, bearish * 0.3,
      ])
    return RecommendationTrend(
      symbol: stock.company.symbol, period: month.firstDay, strongBuy: counts[0], buy: counts[1],
      hold: counts[2], sell: counts[3], strongSell: counts[4], source: Self.attribution.name)
  }

  /// The stock's log return over the (up to) 63 sessions before `date`, in units of
  /// its own volatility over that span, clamped to ±2.5; 0 without history.
  private func trailingMomentum(_ stock: StockModel, before date: MarketDate) -> Double {
    let last = (calendar.firstSessionIndex(onOrAfter: date) ?? calendar.sessions.count) - 1
    let start = max(last - 63, stock.firstSession)
    guard last > start else { return 0 }
    let closes = daily(stock).closeLevels
    let change = closes[last] - closes[start]
    return bounded(change / (stock.dailyVolatility * Double(last - start).squareRoot()), -2.5, 2.5)
  }

  private func movingSum(_ noise: DeterministicNoise, _ month: CalendarMonth) -> Double {
    (0..<6).reduce(0) { $0 + noise.normal(month.index - $1) } / 6.0.squareRoot()
  }

  /// Splits `total` into whole counts in proportion to `shares` (which sum to 1) by
  /// the largest-remainder method, so the counts always add up to `total`.
  static func apportion(_ total: Int, shares: [Double]) -> [Int] {
    let exact = shares.map { max($0, 0) * Double(total) }
    var counts = exact.map { Int($0.rounded(.down)) }
    let byRemainder = exact.indices.sorted {
      let (left, right) = (exact[$0] - Double(counts[$0]), exact[$1] - Double(counts[$1]))
      return left != right ? left > right : $0 < $1
    }
    for index in byRemainder.prefix(max(total - counts.reduce(0, +), 0)) {
      counts[index] += 1
    }
    return counts
  }
}
