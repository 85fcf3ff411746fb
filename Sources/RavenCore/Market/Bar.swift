import Foundation

/// One OHLCV bar: the prices of the first, highest, lowest and last trade in
/// `[time, time + resolution)`, and the number of shares traded.
public struct Bar: Sendable, Hashable, Codable {
  /// The start of the interval the bar covers.
  public var time: Date
  public var open: Price
  public var high: Price
  public var low: Price
  public var close: Price
  public var volume: Int64

  public init(time: Date, open: Price, high: Price, low: Price, close: Price, volume: Int64) {
    self.time = time
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.volume = volume
  }
}

/// The width of a bar. Raw values are Finnhub's `resolution` parameter.
public enum BarResolution: String, Sendable, Hashable, Codable, CaseIterable {
  case minute = "1"
  case fiveMinutes = "5"
  case fifteenMinutes = "15"
  case thirtyMinutes = "30"
  case hour = "60"
  case day = "D"
  case week = "W"
  case month = "M"

  /// The fixed length of an intraday bar in seconds; `nil` for calendar-based bars
  /// (a day, a week and a month are sessions, not fixed spans of time).
  public var intradaySeconds: Int? {
    switch self {
    case .minute: 60
    case .fiveMinutes: 300
    case .fifteenMinutes: 900
    case .thirtyMinutes: 1800
    case .hour: 3600
    case .day, .week, .month: nil
    }
  }

  public var isIntraday: Bool { intradaySeconds != nil }

  /// The next wider bar (five minutes after one minute, … a month after a week); `nil`
  /// for a month.
  public var coarser: BarResolution? {
    let all = Self.allCases
    guard let index = all.firstIndex(of: self), index + 1 < all.count else { return nil }
    return all[index + 1]
  }
}
