import Foundation

/// How an order is priced. Raw values are Alpaca's, so the Alpaca-compatible API maps
/// them one to one.
public enum OrderType: String, Sendable, Hashable, Codable, CaseIterable {
  /// At the market's price now (or at the next open outside a session).
  case market
  /// At the limit price or better.
  case limit
  /// A market order once the price reaches the stop price.
  case stop
  /// A limit order once the price reaches the stop price.
  case stopLimit = "stop_limit"
  /// A stop that follows the best price since the order was placed by a fixed amount or
  /// percentage.
  case trailingStop = "trailing_stop"

  /// Whether the order needs a limit price.
  public var needsLimitPrice: Bool { self == .limit || self == .stopLimit }
  /// Whether the order needs a stop price.
  public var needsStopPrice: Bool { self == .stop || self == .stopLimit }
}

/// How long an order stays open. Raw values are Alpaca's.
public enum TimeInForce: String, Sendable, Hashable, Codable, CaseIterable {
  /// Until the session's close; expires then.
  case day
  /// Until filled or canceled (ended after 90 days, as Alpaca does).
  case gtc
  /// At the next session's opening price.
  case opg
  /// At the session's closing price.
  case cls
  /// Immediately: what fills in the first minute, the rest canceled.
  case ioc
  /// Wholly in the first minute, or canceled.
  case fok
}

/// Where an order is in its life. Raw values are Alpaca's.
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
  case new
  case partiallyFilled = "partially_filled"
  case filled
  case canceled
  case expired
  case rejected
  /// Replaced by another order (`replacedBy`), which carries on.
  case replaced
  /// Asked to be canceled and waiting for a linked brokerage to confirm it; it may still
  /// fill until then. The built-in account cancels at once and never shows it.
  case pendingCancel = "pending_cancel"
  /// A bracket's or OTO's exit waiting for its entry to fill: open, but not yet matched.
  case held

  /// Whether the order may still fill (and so may be canceled or replaced).
  public var isOpen: Bool {
    self == .new || self == .partiallyFilled || self == .pendingCancel || self == .held
  }
}

/// How an order is tied to others. Raw values are Alpaca's `order_class`.
public enum OrderClass: String, Sendable, Hashable, Codable, CaseIterable {
  /// On its own.
  case simple
  /// An entry with a take-profit and a stop-loss exit, held until the entry fills; one
  /// exit filling cancels the other.
  case bracket
  /// One cancels other: a take-profit limit (the order) and a stop-loss (its leg) closing a
  /// position already held; one filling cancels the other.
  case oco
  /// One triggers other: an entry with one exit, held until the entry fills.
  case oto
}
