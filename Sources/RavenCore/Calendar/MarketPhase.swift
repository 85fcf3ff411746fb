/// Where the exchange stands at an instant, as a brokerage app's market badge shows it.
public enum MarketPhase: Sendable, Hashable, CustomStringConvertible {
  /// A trading day, from 04:00 New York time up to the opening bell.
  case preMarket
  /// The regular session: from the opening bell up to the closing bell.
  case open
  /// A trading day, from the closing bell until after-hours trading ends
  /// (20:00 New York time, 17:00 after an early close).
  case afterHours
  /// A trading day, outside pre-market, regular and after-hours trading
  /// (before 04:00 or after the end of after-hours trading).
  case overnight
  /// The whole day is closed: a weekend, a holiday, or a day outside the calendar.
  case closed(MarketClosure)

  /// Whether the regular session is in progress.
  public var isOpen: Bool { self == .open }

  /// A label for people, e.g. "Pre-market", "Closed: Good Friday".
  public var description: String {
    switch self {
    case .preMarket: "Pre-market"
    case .open: "Open"
    case .afterHours: "After hours"
    case .overnight: "Closed"
    case .closed(let closure): "Closed: \(closure.name)"
    }
  }
}
