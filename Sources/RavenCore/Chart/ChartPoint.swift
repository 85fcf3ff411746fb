import Foundation

/// One point of a line chart: a time and the exact price at that time.
public struct ChartPoint: Sendable, Hashable, Codable {
  /// When the price was traded (a bar's start for points made from bars).
  public var time: Date
  /// The exact price; only the drawing converts it to a coordinate.
  public var price: Price

  public init(time: Date, price: Price) {
    self.time = time
    self.price = price
  }

  /// The point a line chart draws for `bar`: its closing price at its start time.
  public init(closeOf bar: Bar) {
    self.init(time: bar.time, price: bar.close)
  }
}
