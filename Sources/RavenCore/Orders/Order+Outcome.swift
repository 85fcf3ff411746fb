import Foundation

extension Order {
  /// Records what a minute did to this order: the fill as the ledger took it (`applied`,
  /// possibly cut to what the cash covered), a trigger, a trailing stop's new mark, and
  /// its end when the rest is canceled. Times are the minute's start, so replaying a
  /// minute gives the same record. `positionAfter` is the account's position in the
  /// symbol once the fill was booked.
  public mutating func record(
    _ outcome: MinuteOutcome, applied: AppliedFill?, positionAfter: Quantity? = nil, at time: Date
  ) {
    if outcome.triggered, triggeredAt == nil { triggeredAt = time }
    if let mark = outcome.mark, type == .trailingStop { hwm = mark }
    if let fill = outcome.fill, let trade = applied?.trade {
      if qty == nil { qty = fill.qty }
      fills.append(
        OrderFill(
          time: fill.time, qty: trade.shares, price: trade.price, positionQty: positionAfter))
      filledQty += trade.shares
      filledAvgPrice = Self.averagePrice(fills)
      let filled: OrderStatus = filledQty >= (qty ?? filledQty) ? .filled : .partiallyFilled
      if filled == .filled { filledAt = time }
      if filled != status { events.append(OrderEvent(status: filled, time: time)) }
      status = filled
    }
    if status.isOpen, applied?.cutShort == true {
      end(.canceled, at: time, reason: OrderError.insufficientFunds.message)
    } else if status.isOpen, outcome.cancelsRest {
      end(.canceled, at: time, reason: nil)
    }
    updatedAt = time
  }

  /// Ends an open order: canceled (by its owner, by its time in force, or by Raven with
  /// `reason`), expired, or replaced.
  public mutating func end(_ final: OrderStatus, at time: Date, reason: String?) {
    guard status.isOpen else { return }
    status = final
    switch final {
    case .canceled, .replaced: canceledAt = time
    case .expired: expiredAt = time
    default: break
    }
    if let reason { self.reason = reason }
    events.append(OrderEvent(status: final, time: time))
    updatedAt = time
  }

  /// The volume-weighted price of `fills`, to 4 places, printed in cents when that is
  /// exact (one fill at `187.95` averages `187.95`).
  static func averagePrice(_ fills: [OrderFill]) -> Price? {
    let qty = fills.reduce(ExactDecimal.zero) { $0 + $1.qty.exact }
    let cost = fills.reduce(ExactDecimal.zero) { $0 + $1.qty.exact * $1.price.exact }
    guard let average = cost.divided(by: qty, fractionDigits: 4) else { return nil }
    return Price(
      exact: average.rounded(toFractionDigits: max(2, average.significantFractionDigits)))
  }
}
