import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP

/// Alpaca's orders as Raven's `Order`: the fields share their names, so the mapping is one
/// to one except for statuses Raven does not have and the history of the order.
extension AlpacaTradingDecoding {
  static func order(_ answer: AlpacaOrder) throws(BrokerageError) -> Order {
    guard let id = UUID(uuidString: answer.id), let symbol = Symbol(answer.symbol),
      let side = TradeSide(rawValue: answer.side),
      let type = OrderType(rawValue: answer.type ?? answer.orderType ?? "market"),
      let timeInForce = TimeInForce(rawValue: answer.timeInForce ?? "day"),
      let submitted = (answer.submittedAt ?? answer.createdAt)?.date
    else { throw malformed }
    let filledQty = Quantity(exact: answer.filledQty?.exact ?? .zero)
    let price = { (amount: AlpacaAmount?) in amount?.exact.map(Price.init(exact:)) }
    let request = OrderRequest(
      symbol: symbol, side: side, type: type, qty: answer.qty?.exact.map(Quantity.init(exact:)),
      notional: answer.notional?.exact.map(money), limitPrice: price(answer.limitPrice),
      stopPrice: price(answer.stopPrice), trailPrice: price(answer.trailPrice),
      trailPercent: answer.trailPercent?.exact, timeInForce: timeInForce)
    let status = orderStatus(answer.status, filledQty: filledQty)
    var order = Order(
      id: id, clientOrderID: answer.clientOrderId ?? answer.id, request: request, status: .new,
      submittedAt: submitted)
    order.status = status
    if status.rawValue != answer.status { order.brokerStatus = answer.status }
    order.filledQty = filledQty
    order.filledAvgPrice = price(answer.filledAvgPrice)
    order.hwm = price(answer.hwm)
    order.createdAt = answer.createdAt?.date ?? submitted
    order.updatedAt = answer.updatedAt?.date ?? order.createdAt
    order.filledAt = answer.filledAt?.date
    order.canceledAt = answer.canceledAt?.date
    order.expiredAt = answer.expiredAt?.date
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
    _ answer: AlpacaOrder, status: OrderStatus, submitted: Date, updated: Date
  ) -> [OrderEvent] {
    var events = [OrderEvent(status: .new, time: submitted)]
    let ended: Date? =
      switch status {
      case .new, .held: nil
      case .filled: answer.filledAt?.date
      case .canceled: answer.canceledAt?.date
      case .expired: answer.expiredAt?.date
      case .rejected: answer.failedAt?.date
      case .replaced: answer.replacedAt?.date
      case .partiallyFilled, .pendingCancel: updated
      }
    if status != .new, status != .held {
      events.append(OrderEvent(status: status, time: ended ?? updated))
    }
    return events
  }
}
