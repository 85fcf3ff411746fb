import RavenMarketData

/// A standard Brownian motion sampled at the integers `0...2^levels`, built by Lévy's
/// midpoint construction: W(0) = 0, W(N) ~ N(0, N), and each dyadic midpoint is the
/// mean of its interval's ends plus independent noise of variance (length / 4).
///
/// Every midpoint draws its noise from its own index, so W(i) is a pure function of
/// (noise key, i) and costs O(levels) to evaluate, with no history stored: the
/// simulated market can price any day since 2000 without walking from 2000.
struct LevyBrownianPath: Sendable {
  let noise: DeterministicNoise
  let levels: Int

  var length: Int { 1 << levels }

  /// W(index) for `0 ≤ index ≤ length`.
  func value(at index: Int) -> Double {
    precondition((0...length).contains(index), "index outside the path")
    var low = 0
    var high = length
    var lowValue = 0.0
    var highValue = endValue
    while true {
      if index == low { return lowValue }
      if index == high { return highValue }
      let middle = (low + high) / 2
      let middleValue = midpoint(low, lowValue, high, highValue)
      if index < middle {
        high = middle
        highValue = middleValue
      } else {
        low = middle
        lowValue = middleValue
      }
    }
  }

  /// W(0), W(1), …, W(last) in one top-down pass: O(length) noise draws.
  func values(through last: Int) -> [Double] {
    precondition((0...length).contains(last), "index outside the path")
    var result = [Double](repeating: 0, count: last + 1)
    result.withUnsafeMutableBufferPointer { buffer in
      if last == length { buffer[last] = endValue }
      fill(buffer, low: 0, lowValue: 0, high: length, highValue: endValue, last: last)
    }
    return result
  }

  private var endValue: Double {
    Double(length).squareRoot() * noise.normal(length)
  }

  private func midpoint(_ low: Int, _ lowValue: Double, _ high: Int, _ highValue: Double)
    -> Double
  {
    (lowValue + highValue) / 2 + (Double(high - low) / 4).squareRoot()
      * noise.normal((low + high) / 2)
  }

  private func fill(
    _ buffer: UnsafeMutableBufferPointer<Double>, low: Int, lowValue: Double, high: Int,
    highValue: Double, last: Int
  ) {
    guard high - low >= 2, low < last else { return }
    let middle = (low + high) / 2
    let middleValue = midpoint(low, lowValue, high, highValue)
    if middle <= last { buffer[middle] = middleValue }
    fill(buffer, low: low, lowValue: lowValue, high: middle, highValue: middleValue, last: last)
    fill(buffer, low: middle, lowValue: middleValue, high: high, highValue: highValue, last: last)
  }
}

extension LevyBrownianPath {
  /// A Brownian bridge on `0...span` (zero at both ends): B(k) = W(k) − (k / span)·W(span).
  func bridge(span: Int) -> [Double] {
    let walk = values(through: span)
    let end = walk[span]
    return walk.indices.map { walk[$0] - Double($0) / Double(span) * end }
  }
}
