import Foundation

/// Volume by price: how many shares traded at each price level over a chart's bars.
public enum VolumeProfile {
  /// `count` buckets of equal width from the lowest low to the highest high, lowest first,
  /// with each bar's volume spread over the buckets its low…high range covers in proportion
  /// to the overlap (as if it traded evenly across its range). A bar whose high equals its
  /// low puts all its volume in the bucket holding that price.
  ///
  /// Spreading rather than putting the whole volume at the typical price (h + l + c) ÷ 3
  /// matters for daily and weekly bars, whose range spans many buckets: a week that ran
  /// from 180 to 195 did not trade all its shares at 188.
  ///
  /// Shares stay whole and the buckets' volumes add up exactly to the bars' total: each bar
  /// hands out rounded running totals, so what one bucket gains from rounding the next
  /// one loses. Bucket bounds are exact decimals with at least 4 fraction digits (the
  /// finest US quote tick) and the bounds of the prices themselves; the lowest bucket starts
  /// at the lowest low and the highest ends at the highest high. When every price is the
  /// same there is a single bucket; with no bars or `count` below 1, none.
  public static func buckets(_ bars: [Bar], count: Int) -> [VolumeBucket] {
    guard count >= 1, let firstBar = bars.first else { return [] }
    var lowest = Swift.min(firstBar.low, firstBar.high)
    var highest = Swift.max(firstBar.low, firstBar.high)
    var total: Int64 = 0
    for bar in bars {
      lowest = Swift.min(lowest, bar.low, bar.high)
      highest = Swift.max(highest, bar.low, bar.high)
      total += bar.volume
    }
    guard lowest < highest else {
      let price = Price(exact: lowest.exact.withFractionDigits(boundDigits(lowest, highest)))
      return [VolumeBucket(low: price, high: price, volume: total)]
    }

    let bounds = self.bounds(low: lowest, high: highest, count: count)
    let edges = bounds.map(\.exact.chartCoordinate)
    var volumes = [Int64](repeating: 0, count: count)
    for bar in bars {
      let low = Swift.min(bar.low, bar.high).exact.chartCoordinate
      let high = Swift.max(bar.low, bar.high).exact.chartCoordinate
      let firstBucket = bucketIndex(of: low, edges: edges)
      let lastBucket = bucketIndex(of: high, edges: edges)
      var handedOut: Int64 = 0
      if high > low {
        let shares = Double(bar.volume)
        for bucket in firstBucket..<lastBucket {
          // Shares traded below the bucket's upper edge, rounded; non-decreasing and at
          // most the bar's volume, so no bucket gets a negative or excess share.
          let fraction = Swift.min(Swift.max((edges[bucket + 1] - low) / (high - low), 0), 1)
          let below = Int64((shares * fraction).rounded())
          volumes[bucket] += below - handedOut
          handedOut = below
        }
      }
      volumes[lastBucket] += bar.volume - handedOut
    }
    return (0..<count).map {
      VolumeBucket(low: bounds[$0], high: bounds[$0 + 1], volume: volumes[$0])
    }
  }

  /// `count + 1` evenly spaced bounds from `low` to `high`, exact at both ends.
  private static func bounds(low: Price, high: Price, count: Int) -> [Price] {
    let digits = boundDigits(low, high)
    let width = (high - low).exact
    return (0...count).map { index in
      if index == count { return Price(exact: high.exact.withFractionDigits(digits)) }
      let offset = ExactDecimal(
        width.value * Decimal(index) / Decimal(count), fractionDigits: digits)
      return Price(exact: (low.exact + offset).rounded(toFractionDigits: digits))
    }
  }

  /// Enough fraction digits for the finest US quote tick and for the prices themselves.
  private static func boundDigits(_ low: Price, _ high: Price) -> Int {
    Swift.max(4, low.exact.fractionDigits, high.exact.fractionDigits)
  }

  /// The bucket whose `edges[k] ..< edges[k + 1]` holds `price`, the top bucket holding its
  /// upper edge too.
  private static func bucketIndex(of price: Double, edges: [Double]) -> Int {
    var low = 0
    var high = edges.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if edges[middle] <= price { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
