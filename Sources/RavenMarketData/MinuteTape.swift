import Foundation
import RavenCore
import Synchronization

/// Minute bars made from the live prices Raven sees: a trade stream's prints, and quotes
/// when there is no stream. With a live provider that has no minute bars (Finnhub's free
/// plan), these are the bars the order engine matches resting orders against, so a fill
/// is never outside what was seen traded in its minute.
///
/// A minute's open and close are its earliest and latest prices by time (prints arrive
/// out of order now and then); its volume is the sum of its prints' sizes. A minute seen
/// only through quotes, or prints without sizes, has no known volume: it carries
/// `unknownVolume`, so that an order its price reaches fills wholly (no volume cap can be
/// honest without a volume). Minutes older than `retention` before the newest are dropped.
public final class MinuteTape: Sendable {
  /// The volume of a minute whose traded shares are not known: large enough that any
  /// order's share of it is the whole order.
  public static let unknownVolume: Int64 = 1_000_000_000_000

  private struct Minute {
    var bar: Bar
    var openTime: Date
    var closeTime: Date
    /// The sum of the prints' sizes, nil while no print had one.
    var volume: Int64?
  }

  private let minutes = Mutex<[Symbol: [Date: Minute]]>([:])
  let retention: TimeInterval
  /// The market's clock, when given: prints stamped more than a minute after its now are
  /// left out (one bad timestamp would otherwise become the newest and push every real
  /// minute out of `retention`).
  let clock: (any WallClock)?

  /// Keeps `retention` of each symbol's minutes (two days by default: a weekend's gap is
  /// matched from the provider's bars or not at all).
  public init(retention: TimeInterval = 2 * 86_400, clock: (any WallClock)? = nil) {
    self.retention = retention
    self.clock = clock
  }

  /// Records trades, each in its minute.
  public func record(_ prints: [TradePrint]) {
    let latest = clock.map { $0.now.addingTimeInterval(60) } ?? .distantFuture
    let prints = prints.filter { $0.time <= latest }
    guard !prints.isEmpty else { return }
    minutes.withLock { minutes in
      for print in prints {
        Self.add(
          print.price, at: print.time, size: print.size, to: &minutes[print.symbol, default: [:]])
      }
      for symbol in Set(prints.map(\.symbol)) { prune(&minutes[symbol, default: [:]]) }
    }
  }

  /// Records a quote's price at its time, as a print of unknown size.
  public func record(_ quote: Quote) {
    record([TradePrint(symbol: quote.symbol, price: quote.price, time: quote.time)])
  }

  /// The bars of `symbol` starting in `[from, to)`, oldest first.
  public func bars(for symbol: Symbol, from: Date, to: Date) -> [Bar] {
    minutes.withLock { minutes in
      (minutes[symbol] ?? [:]).values
        .filter { $0.bar.time >= from && $0.bar.time < to }
        .map { minute in
          var bar = minute.bar
          bar.volume = minute.volume ?? Self.unknownVolume
          return bar
        }
        .sorted { $0.time < $1.time }
    }
  }

  private static func add(
    _ price: Price, at time: Date, size: Int64?, to minutes: inout [Date: Minute]
  ) {
    let start = MarketMinute.start(of: time)
    guard var minute = minutes[start] else {
      minutes[start] = Minute(
        bar: Bar(time: start, open: price, high: price, low: price, close: price, volume: 0),
        openTime: time, closeTime: time, volume: size.map { max($0, 0) })
      return
    }
    minute.bar.high = max(minute.bar.high, price)
    minute.bar.low = min(minute.bar.low, price)
    if time < minute.openTime { (minute.bar.open, minute.openTime) = (price, time) }
    if time >= minute.closeTime { (minute.bar.close, minute.closeTime) = (price, time) }
    if let size {
      // Saturating: a feed's absurd size must not trap the server.
      let (sum, overflow) = (minute.volume ?? 0).addingReportingOverflow(max(size, 0))
      minute.volume = overflow ? .max : sum
    }
    minutes[start] = minute
  }

  /// Drops the minutes older than `retention` before the newest, once there can be some.
  private func prune(_ minutes: inout [Date: Minute]) {
    guard minutes.count > Int(retention / 60), let newest = minutes.keys.max() else { return }
    let oldest = newest.addingTimeInterval(-retention)
    minutes = minutes.filter { $0.key >= oldest }
  }
}
