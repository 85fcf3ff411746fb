import Foundation

/// One minute of one symbol's market, as an order may fill in it: its bar, and where the
/// minute sits in its session (an opening order fills only in the first, a closing order
/// only in the last), and on a market that quotes a spread, what a market order pays
/// for it.
public struct MarketMinute: Sendable, Hashable {
  public var bar: Bar
  public var isOpening: Bool
  public var isClosing: Bool
  public var spread: Spread?

  /// The half-spread a market order pays beyond the price it fills at (buying at the ask,
  /// selling at the bid), and the whole minute's range, which holds such a fill: a
  /// placing minute's `bar` stands at one price, but the minute trades more.
  public struct Spread: Sendable, Hashable {
    public var half: Price
    public var low: Price
    public var high: Price

    public init(half: Price, low: Price, high: Price) {
      self.half = half
      self.low = low
      self.high = high
    }

    /// The spread quoted through the whole minute `bar` covers.
    public init(quotedIn bar: Bar) {
      self.init(half: MinuteSpread.halfSpread(of: bar), low: bar.low, high: bar.high)
    }

    /// Where a market order on `side` fills when the price stands at `price`: the ask or
    /// the bid, held inside the minute's range and never better than `price` itself.
    public func fill(_ side: TradeSide, at price: Price) -> Price {
      switch side {
      case .buy: max(price, min(price + half, high))
      case .sell: min(price, max(price - half, low))
      }
    }
  }

  public init(bar: Bar, isOpening: Bool = false, isClosing: Bool = false, spread: Spread? = nil) {
    self.bar = bar
    self.isOpening = isOpening
    self.isClosing = isClosing
    self.spread = spread
  }

  /// The rest of the minute an order is placed in: the current price stands for all of
  /// it (no high or low it might have seen before the order existed), with the volume
  /// the minute is expected to trade after `instant`.
  public static func placing(
    at instant: Date, price: Price, volumeAfter volume: Int64, isOpening: Bool = false,
    spread: Spread? = nil
  ) -> MarketMinute {
    MarketMinute(
      bar: Bar(
        time: start(of: instant), open: price, high: price, low: price, close: price,
        volume: volume),
      isOpening: isOpening, spread: spread)
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
