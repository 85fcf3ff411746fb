/// What an open order becomes at a corporate action's ex-date.
public enum OrderAdjustment: Sendable, Hashable {
  case unchanged
  /// Re-priced (and, for a split, re-sized) as FINRA Rule 5330 has brokers do.
  case adjusted(Order)
  /// Ended by a reverse split (`Order.reverseSplitReason`).
  case canceled
}

extension Order {
  /// Why a reverse split ended an open order.
  public static let reverseSplitReason = "reverse_split"

  /// What this order becomes at `action`'s ex-date, as FINRA Rule 5330 has it:
  /// - a forward split multiplies the shares still to fill and divides the limit, the
  ///   stop, a dollar trail and a trailing stop's best price so far by the ratio, each
  ///   rounded down to the tick; a percent trail and a dollar amount stay;
  /// - a cash dividend lowers a buy limit and a sell stop (a stop-limit's limit with it,
  ///   a trailing stop's best price) by the dividend, rounded down to the tick, where the
  ///   price stays positive;
  /// - a reverse split ends the order.
  public func adjustment(for action: CorporateAction) -> OrderAdjustment {
    guard status.isOpen, action.symbol == symbol else { return .unchanged }
    var order = self
    switch action.kind {
    case .split(let ratio):
      if ratio.isReverse { return .canceled }
      if let qty { order.qty = filledQty + ratio.shares(qty - filledQty) }
      order.limitPrice = limitPrice.map(ratio.price)
      order.stopPrice = stopPrice.map(ratio.price)
      order.trailPrice = trailPrice.map(ratio.price)
      order.hwm = hwm.map(ratio.price)
    case .cashDividend(let rate, _):
      guard rate >= Price(cents: 1) else { return .unchanged }
      func lowered(_ price: Price?) -> Price? {
        guard let price else { return nil }
        let lower = Price.roundedDownToTick(price - rate)
        return lower.isPositive ? lower : price
      }
      switch (side, type) {
      case (.buy, .limit): order.limitPrice = lowered(limitPrice)
      case (.sell, .stop): order.stopPrice = lowered(stopPrice)
      case (.sell, .stopLimit):
        order.stopPrice = lowered(stopPrice)
        order.limitPrice = lowered(limitPrice)
      case (.sell, .trailingStop): order.hwm = lowered(hwm)
      default: break
      }
    }
    return order == self ? .unchanged : .adjusted(order)
  }
}
