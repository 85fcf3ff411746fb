import Foundation
import RavenCore
import RavenMarketData

/// The price inside a minute, second by second, for live quotes and the stream.
///
/// Within minute `k` the price runs from the minute's open through its high and its
/// low (in an order and at seconds drawn from the noise) to its close, with a little
/// jitter kept inside the bar. So the running high and low of a minute in progress
/// only ever widen, and at its end they are exactly the finished bar's.
extension SessionPath {
  struct Tick: Sendable, Hashable {
    var price: Int64
    /// The highest and lowest price of the minute so far.
    var high: Int64
    var low: Int64
  }

  /// The minute's tick at `second` (0 ..< 60); second 0 is the minute's open.
  func tick(minute: Int, second: Int) -> Tick {
    var tick = Tick(price: opens[minute], high: opens[minute], low: opens[minute])
    guard second > 0 else { return tick }
    for elapsed in 1...min(second, 59) {
      let price = price(minute: minute, second: elapsed)
      tick = Tick(price: price, high: max(tick.high, price), low: min(tick.low, price))
    }
    return tick
  }

  private func price(minute: Int, second: Int) -> Int64 {
    let draws = noise.stream("seconds").stream(minute)
    let highSecond = draws.integer(0, in: 5...54)
    var lowSecond = draws.integer(1, in: 5...54)
    if lowSecond == highSecond { lowSecond = highSecond < 30 ? highSecond + 10 : highSecond - 10 }
    let open = opens[minute]
    let close = closes[minute]
    let high = highs[minute]
    let low = lows[minute]
    let waypoints = [(0, open), (highSecond, high), (lowSecond, low), (60, close)]
      .sorted { $0.0 < $1.0 }
    guard let end = waypoints.firstIndex(where: { $0.0 >= second }), end > 0 else { return open }
    let (startSecond, startPrice) = waypoints[end - 1]
    let (endSecond, endPrice) = waypoints[end]
    if second == endSecond { return endPrice }
    let fraction = Double(second - startSecond) / Double(endSecond - startSecond)
    let line = Double(startPrice) + Double(endPrice - startPrice) * fraction
    let jitter = Double(high - low) * 0.15 * draws.normal(second + 2)
    return min(high, max(low, Int64((line + jitter).rounded())))
  }
}
