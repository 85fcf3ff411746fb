import Foundation

extension LTTB {
  /// The indices of the chart points to keep, with time (seconds) as x and price as y.
  public static func indices(of points: [ChartPoint], threshold: Int) -> [Int] {
    guard threshold >= 3, threshold < points.count else { return Array(points.indices) }
    var x: [Double] = []
    var y: [Double] = []
    x.reserveCapacity(points.count)
    y.reserveCapacity(points.count)
    for point in points {
      x.append(point.time.timeIntervalSince1970)
      y.append(point.price.exact.chartCoordinate)
    }
    return indices(x: x, y: y, threshold: threshold)
  }

  /// `threshold` of `points` (all of them when there are no more), with exact prices.
  public static func downsample(_ points: [ChartPoint], threshold: Int) -> [ChartPoint] {
    indices(of: points, threshold: threshold).map { points[$0] }
  }
}
