import Foundation

extension Order {
  /// A held exit made active for `qty` shares at `time`: it may fill from the next minute.
  public mutating func activate(qty: Quantity, at time: Date) {
    guard status == .held else { return }
    self.qty = qty
    status = .new
    // Eligible from the minute after its entry filled, as an order placed then would be.
    submittedAt = time
    updatedAt = time
    events.append(OrderEvent(status: .new, time: time))
  }
}

/// What one order's change does to the others of its bracket, OTO or OCO, worked out in
/// the store's transaction from the order before and after the change and the others of
/// its group as stored:
/// - a bracket's or OTO's entry that ends having filled makes its held exits active for
///   the shares it filled; one that ends with none cancels them;
/// - an OCO's take-profit that ends cancels its stop-loss;
/// - an exit that fills or is canceled cancels the rest of its group still open (the other
///   exit, or an OCO's take-profit).
public enum OrderCascade {
  public static let reason = "one_cancels_other"

  ///
  /// `wasOpen` tells whether the order was open before the change: only its end cascades.
  public static func changes(
    after next: StoredOrder, wasOpen: Bool, group: [StoredOrder], at time: Date
  ) -> [OrderChange] {
    let order = next.order
    guard wasOpen, !order.status.isOpen, order.status != .replaced else { return [] }
    let others = group.filter { $0.order.id != order.id && $0.order.status.isOpen }
    func change(_ other: StoredOrder, _ update: OrderUpdate) -> OrderChange {
      // At the version read: an order another change of the cascade ended first is skipped.
      OrderChange(
        orderID: other.order.id, accountID: other.accountID, version: other.version,
        update: update, time: time)
    }
    if let legs = order.legs {
      let exits = others.filter { legs.contains($0.order.id) }
      let activates = order.orderClass != .oco && order.filledQty.isPositive
      return exits.map { exit in
        activates && exit.order.status == .held
          ? change(exit, .activate(qty: order.filledQty))
          : change(exit, .end(.canceled, reason: reason))
      }
    }
    guard let parent = order.parentID, order.status != .expired else { return [] }
    return others.filter { other in
      other.order.parentID == parent
        || (other.order.id == parent && other.order.orderClass == .oco)
    }.map { change($0, .end(.canceled, reason: reason)) }
  }

  /// The ids of the orders a change to `order` may touch: its legs, or its parent and
  /// the parent's legs.
  public static func groupIDs(of order: Order, parent: Order?) -> [UUID] {
    if let legs = order.legs { return legs }
    guard let parent else { return [] }
    return [parent.id] + (parent.legs ?? [])
  }
}
