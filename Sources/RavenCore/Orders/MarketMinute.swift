import Foundation

/// One minute of one symbol's market, as an order may fill in it: its bar, and where the
/// minute sits in its session (an opening order fills only in the first, a closing order
/// only in the last).
public struct MarketMinute: Sendable, Hashable {
  public var bar: Bar
  public var isOpening: Bool
  public var isClosing: Bool

  public init(bar: Bar, isOpening: Bool = false, isClosing: Bool = false) {
    self.bar = bar
    self.isOpening = isOpening
    self.isClosing = isClosing
  }

  /// The rest of the minute an order is placed in: the current price stands for all of
  /// it (no high or low it might have seen before the order existed), with the volume
  /// the minute is expected to trade after `instant`.
  public static func placing(
    at instant: Date, price: Price, volumeAfter volume: Int64, isOpening: Bool = false
  ) -> MarketMinute {
    MarketMinute(
      bar: Bar(
        time: start(of: instant), open: price, high: price, low: price, close: price,
        volume: volume),
      isOpening: isOpening)
  }

  /// The start of the minute that `instant` falls in.
  public static func start(of instant: Date) -> Date {
    Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / 60).rounded(.down) * 60)
  }

  /// The start of the minute after the one `instant` falls in: the first an order placed
  /// at `instant` can fill in once its placing minute has been matched.
  public static func start(after instant: Date) -> Date {
    start(of: instant).addingTimeInterval(60)
  }
}
