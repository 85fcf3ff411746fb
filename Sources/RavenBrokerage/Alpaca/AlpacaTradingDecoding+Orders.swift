import Foundation
import RavenCore

/// Alpaca's orders as Raven's `Order`: the fields share their names, so the mapping is one
/// to one except for statuses Raven does not have and the history of the order.
extension AlpacaTradingDecoding {
  static func placedOrder(_ answer: OrderAnswer) throws(BrokerageError) -> Order {
    guard let id = UUID(uuidString: answer.id), let symbol = Symbol(answer.symbol),
      let side = TradeSide(rawValue: answer.side),
      let type = OrderType(rawValue: answer.type ?? "market"),
      let timeInForce = TimeInForce(rawValue: answer.timeInForce ?? "day"),
      let submitted = (answer.submittedAt ?? answer.createdAt).flatMap(date)
    else { throw malformed }
    let filledQty = Quantity(exact: answer.filledQty ?? .zero)
    let request = OrderRequest(
      symbol: symbol, side: side, type: type, qty: answer.qty.map(Quantity.init(exact:)),
      notional: answer.notional.map(money), limitPrice: answer.limitPrice.map(Price.init(exact:)),
      stopPrice: answer.stopPrice.map(Price.init(exact:)),
      trailPrice: answer.trailPrice.map(Price.init(exact:)), trailPercent: answer.trailPercent,
      timeInForce: timeInForce)
    let status = orderStatus(answer.status, filledQty: filledQty)
    var order = Order(
      id: id, clientOrderID: answer.clientOrderID ?? answer.id, request: request, status: .new,
      submittedAt: submitted)
    order.status = status
    order.filledQty = filledQty
    order.filledAvgPrice = answer.filledAvgPrice.map(Price.init(exact:))
    order.hwm = answer.hwm.map(Price.init(exact:))
    order.createdAt = answer.createdAt.flatMap(date) ?? submitted
    order.updatedAt = answer.updatedAt.flatMap(date) ?? order.createdAt
    order.filledAt = answer.filledAt.flatMap(date)
    order.canceledAt = answer.canceledAt.flatMap(date)
    order.expiredAt = answer.expiredAt.flatMap(date)
    order.replacedBy = answer.replacedBy.flatMap(UUID.init(uuidString:))
    order.replaces = answer.replaces.flatMap(UUID.init(uuidString:))
    order.events = events(answer, status: status, submitted: submitted, updated: order.updatedAt)
    // Alpaca's order carries its fills only as a total (`filledQty` at `filledAvgPrice`);
    // the single executions are not in it, so none are made up here.
    order.fills = []
    return order
  }

  /// Alpaca's status in Raven's words. Raven has no words for the steps Alpaca takes
  /// before an order can fill (`accepted`, `pending_new`, `held`…) or pauses in
  /// (`done_for_day`, `stopped`, `suspended`): those orders are open, new or partly filled.
  static func orderStatus(_ text: String, filledQty: Quantity) -> OrderStatus {
    // `calculated`: filled, the day's settlement figures pending.
    if text == "calculated" { return .filled }
    if let status = OrderStatus(rawValue: text) { return status }
    return filledQty.isPositive ? .partiallyFilled : .new
  }

  /// The changes of status the answer's times tell: submitted, then how it ended (or the
  /// last update of an order still filling).
  private static func events(
    _ answer: OrderAnswer, status: OrderStatus, submitted: Date, updated: Date
  ) -> [OrderEvent] {
    var events = [OrderEvent(status: .new, time: submitted)]
    let ended: Date? =
      switch status {
      case .new: nil
      case .filled: answer.filledAt.flatMap(date)
      case .canceled: answer.canceledAt.flatMap(date)
      case .expired: answer.expiredAt.flatMap(date)
      case .rejected: answer.failedAt.flatMap(date)
      case .replaced: answer.replacedAt.flatMap(date)
      case .partiallyFilled, .pendingCancel: updated
      }
    if status != .new { events.append(OrderEvent(status: status, time: ended ?? updated)) }
    return events
  }
}
