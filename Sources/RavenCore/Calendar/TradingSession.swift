import Foundation

/// One day's regular trading session on the exchange: when it opens and closes.
///
/// `open` and `close` are exact instants; the calendar computes them from New York
/// wall-clock times (09:30, and 16:00 or 13:00), so they move by an hour in UTC when
/// daylight saving time starts or ends.
public struct TradingSession: Sendable, Hashable, Codable {
  /// The New York calendar day of the session.
  public let date: MarketDate
  /// The opening bell (09:30 New York time).
  public let open: Date
  /// The closing bell (16:00 New York time, or 13:00 on an early close).
  public let close: Date
  /// Whether the exchange closes early (13:00) on this day.
  public let isEarlyClose: Bool

  public init(date: MarketDate, open: Date, close: Date, isEarlyClose: Bool) {
    self.date = date
    self.open = open
    self.close = close
    self.isEarlyClose = isEarlyClose
  }

  /// Whether `instant` falls within the session: `open <= instant < close`.
  public func contains(_ instant: Date) -> Bool {
    open <= instant && instant < close
  }
}

extension TradingSession {
  /// When pre-market trading starts: 5½ hours before the open, 04:00 New York time.
  ///
  /// Computed from the open rather than stored: daylight saving time changes at 02:00
  /// on a Sunday, so never between 04:00 and the open of a trading day.
  public var preMarketOpen: Date { open.addingTimeInterval(-5.5 * 3600) }

  /// When after-hours trading ends: four hours after the close, so 20:00 New York time,
  /// or 17:00 after an early close, as on NYSE Arca.
  public var afterHoursClose: Date { close.addingTimeInterval(4 * 3600) }
}
