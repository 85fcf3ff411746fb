import Foundation

/// An open order as the matcher sees it: its prices, what is left to fill, and the state
/// it carries from minute to minute (a stop's trigger, a trailing stop's mark).
public struct RestingOrder: Sendable, Hashable {
  public var id: UUID
  public var symbol: Symbol
  public var side: TradeSide
  public var type: OrderType
  public var limitPrice: Price?
  public var stopPrice: Price?
  public var trail: OrderTrail?
  public var timeInForce: TimeInForce
  /// Shares still to fill; `nil` while a notional order has not filled.
  public var remaining: Quantity?
  /// The dollar amount of a notional order not yet filled.
  public var notional: Money?
  /// Whether fills must be whole shares (the order asked for a whole number).
  public var wholeShares: Bool
  /// A trailing stop's best price so far.
  public var mark: Price?
  /// Whether a stop (or trailing stop) has triggered and now works as market or limit.
  public var triggered: Bool
  /// The first minute the order may fill in after the one it was placed in.
  public var eligibleFrom: Date
  /// Ties at one price go to the earlier order.
  public var submittedAt: Date

  public init(
    id: UUID, symbol: Symbol, side: TradeSide, type: OrderType, limitPrice: Price? = nil,
    stopPrice: Price? = nil, trail: OrderTrail? = nil, timeInForce: TimeInForce,
    remaining: Quantity?, notional: Money? = nil, wholeShares: Bool, mark: Price? = nil,
    triggered: Bool = false, eligibleFrom: Date, submittedAt: Date
  ) {
    self.id = id
    self.symbol = symbol
    self.side = side
    self.type = type
    self.limitPrice = limitPrice
    self.stopPrice = stopPrice
    self.trail = trail
    self.timeInForce = timeInForce
    self.remaining = remaining
    self.notional = notional
    self.wholeShares = wholeShares
    self.mark = mark
    self.triggered = triggered
    self.eligibleFrom = eligibleFrom
    self.submittedAt = submittedAt
  }

  /// The open order `order` as the matcher sees it.
  public init(_ order: Order) {
    let trail: OrderTrail? =
      if let price = order.trailPrice { .price(price) } else {
        order.trailPercent.map { .percent($0) }
      }
    self.init(
      id: order.id, symbol: order.symbol, side: order.side, type: order.type,
      limitPrice: order.limitPrice, stopPrice: order.stopPrice, trail: trail,
      timeInForce: order.timeInForce, remaining: order.remainingQty,
      notional: order.qty == nil ? order.notional : nil, wholeShares: order.qty?.isWhole ?? false,
      mark: order.hwm, triggered: order.triggeredAt != nil,
      eligibleFrom: MarketMinute.start(after: order.submittedAt), submittedAt: order.submittedAt)
  }

  /// The price a stop triggers at now: the stop price, or the trailing stop's from its mark.
  var triggerPrice: Price? {
    if let trail, let mark { return trail.stop(from: mark, side: side) }
    return stopPrice
  }
}
