import Foundation

/// The exchange's state as the API and the CLI print it (Finnhub's market-status shape:
/// `session` is `pre-market`, `regular`, `post-market` or, when none, `closed`).
public struct MarketStatusSummary: Sendable, Hashable, Codable {
  public var exchange: String
  public var isOpen: Bool
  public var session: String
  /// "Open", "Pre-market", "Closed: Thanksgiving Day", … for people.
  public var label: String
  /// The holiday that closes the exchange today, if any.
  public var holiday: String?
  /// The New York day of `time`.
  public var date: MarketDate
  public var time: Date
  public var nextOpen: Date?
  public var nextClose: Date?
  /// Today's session if the exchange trades today, or else the next one.
  public var currentOrNextSession: TradingSession?
  public var timezone: String

  public init(_ status: MarketStatus, timeZone: ExchangeTimeZone) {
    self.exchange = "US"
    self.isOpen = status.isOpen
    switch status.phase {
    case .preMarket: session = "pre-market"
    case .open: session = "regular"
    case .afterHours: session = "post-market"
    case .overnight, .closed: session = "closed"
    }
    self.label = status.phase.description
    if case .closed(let closure) = status.phase, closure != .weekend, closure != .outsideCalendar {
      self.holiday = closure.name
    } else {
      self.holiday = nil
    }
    self.date = status.date
    self.time = status.instant
    self.nextOpen = status.nextOpen
    self.nextClose = status.nextClose
    self.currentOrNextSession = status.currentOrNextSession
    self.timezone = timeZone.timeZone.identifier
  }
}
