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

  /// Whether the order may still fill (and so may be canceled or replaced).
  public var isOpen: Bool { self == .new || self == .partiallyFilled || self == .pendingCancel }
}
