import Foundation

/// The shares traded between two prices: one bar of a volume-by-price histogram.
public struct VolumeBucket: Sendable, Hashable, Codable {
  /// The bucket's lower bound (inclusive).
  public var low: Price
  /// The bucket's upper bound (exclusive, except for the top bucket).
  public var high: Price
  /// Shares traded in the bucket's price range.
  public var volume: Int64

  public init(low: Price, high: Price, volume: Int64) {
    self.low = low
    self.high = high
    self.volume = volume
  }
}
