import Foundation

/// What replacing an open order changes (`PATCH /api/v1/orders/{id}`, Alpaca's replace):
/// each field left nil keeps the order's own. The replacement is a new order; the old one
/// ends `replaced`, keeping the fills it had.
public struct OrderReplacement: Sendable, Hashable {
  /// Shares of the new order; the old order's remaining shares when nil.
  public var qty: Quantity?
  public var limitPrice: Price?
  public var stopPrice: Price?
  /// A trailing stop's new trail, in dollars or percent (either replaces the other).
  public var trailPrice: Price?
  public var trailPercent: ExactDecimal?
  public var timeInForce: TimeInForce?
  public var clientOrderID: String?

  public init(
    qty: Quantity? = nil, limitPrice: Price? = nil, stopPrice: Price? = nil,
    trailPrice: Price? = nil, trailPercent: ExactDecimal? = nil,
    timeInForce: TimeInForce? = nil, clientOrderID: String? = nil
  ) {
    self.qty = qty
    self.limitPrice = limitPrice
    self.stopPrice = stopPrice
    self.trailPrice = trailPrice
    self.trailPercent = trailPercent
    self.timeInForce = timeInForce
    self.clientOrderID = clientOrderID
  }

  /// The new order's request: `order`'s symbol, side and type with these changes, checked
  /// as any new order is. An order that has ended, or one for a dollar amount, cannot be
  /// replaced; a price that does not fit the order's type is refused.
  public func request(replacing order: Order) throws(OrderError) -> OrderRequest {
    guard order.status.isOpen, order.notional == nil, let remaining = order.remainingQty else {
      throw .orderNotReplaceable
    }
    if limitPrice != nil && !order.type.needsLimitPrice
      || stopPrice != nil && !order.type.needsStopPrice
      || (trailPrice != nil || trailPercent != nil) && order.type != .trailingStop
    {
      throw .priceNotApplicable
    }
    let newTrail = trailPrice != nil || trailPercent != nil
    let request = OrderRequest(
      symbol: order.symbol, side: order.side, type: order.type, qty: qty ?? remaining,
      limitPrice: limitPrice ?? order.limitPrice, stopPrice: stopPrice ?? order.stopPrice,
      trailPrice: newTrail ? trailPrice : order.trailPrice,
      trailPercent: newTrail ? trailPercent : order.trailPercent,
      timeInForce: timeInForce ?? order.timeInForce, clientOrderID: clientOrderID)
    try request.validate()
    return request
  }
}
