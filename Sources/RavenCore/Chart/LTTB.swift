import Foundation

/// Largest-Triangle-Three-Buckets downsampling (Sveinn Steinarsson, "Downsampling Time
/// Series for Visual Representation", 2013): picks `threshold` points of a line so that it
/// keeps its visual shape, spikes included, where averaging or striding would flatten them.
///
/// The first and last points are kept. The points between are split into `threshold − 2`
/// buckets of equal count; from each bucket the point is kept that forms the largest
/// triangle with the point kept from the previous bucket and the average of the next one.
///
/// The core works on `Double` coordinates and returns indices, so callers keep their exact
/// prices: the geometry is approximate, the values drawn are not.
public enum LTTB {
  /// The indices of the points to keep, strictly increasing, `threshold` of them (all
  /// indices when `threshold` is at least the number of points or below 3).
  ///
  /// One pass over the coordinates and no allocation besides the result: each point is
  /// summed once into its bucket's average and measured once as a triangle corner.
  /// - Precondition: `x` and `y` have the same count.
  public static func indices(x: [Double], y: [Double], threshold: Int) -> [Int] {
    precondition(x.count == y.count, "LTTB needs one y for each x")
    guard threshold >= 3, threshold < x.count else { return Array(x.indices) }
    return x.withUnsafeBufferPointer { x in
      y.withUnsafeBufferPointer { y in
        largestTriangles(x: x, y: y, threshold: threshold)
      }
    }
  }

  /// `3 <= threshold < x.count`, so every bucket holds at least one point.
  private static func largestTriangles(
    x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, threshold: Int
  ) -> [Int] {
    let count = x.count
    let bucketCount = threshold - 2
    let innerCount = count - 2
    // Bucket `b` holds indices `bucketStart(b) ..< bucketStart(b + 1)`: Steinarsson's
    // floor(b × every) + 1 with every = innerCount / bucketCount, in exact integers.
    func bucketStart(_ bucket: Int) -> Int {
      Swift.min(bucket * innerCount / bucketCount + 1, count)
    }

    var kept: [Int] = []
    kept.reserveCapacity(threshold)
    kept.append(0)
    var anchor = 0
    var start = 1
    var end = bucketStart(1)
    for bucket in 0..<bucketCount {
      // The next bucket's average is the triangle's third corner; after the last bucket
      // it is the last point alone.
      let nextEnd = bucket + 1 < bucketCount ? bucketStart(bucket + 2) : count
      var sumX = 0.0
      var sumY = 0.0
      for index in end..<nextEnd {
        sumX += x[index]
        sumY += y[index]
      }
      let nextCount = Double(nextEnd - end)
      let anchorX = x[anchor]
      let anchorY = y[anchor]
      let towardX = sumX / nextCount - anchorX
      let towardY = sumY / nextCount - anchorY

      // Twice the triangle's area (the half is the same for every candidate). Ties and
      // NaN keep the earliest point.
      var largestArea = -1.0
      var chosen = start
      for index in start..<end {
        let area = abs((x[index] - anchorX) * towardY - (y[index] - anchorY) * towardX)
        if area > largestArea {
          largestArea = area
          chosen = index
        }
      }
      kept.append(chosen)
      anchor = chosen
      start = end
      end = nextEnd
    }
    kept.append(count - 1)
    return kept
  }
}
