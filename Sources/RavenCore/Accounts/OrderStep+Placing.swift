import Foundation

extension OrderStep {
  /// A new order's own changes as it is placed (the fill the engine matched, a simple
  /// trade's whole fill), applied before anything is written, so that the order is
  /// inserted once as it ends up and its trades written beside it: one encoding of its
  /// body and no second read of what the placement has just read.
  ///
  /// A change is skipped as `apply` would skip it in the store: when it was worked out
  /// from another version, or the order has ended.
  ///
  /// - Parameters:
  ///   - ledger: the account's cash and realized profit with the order's one position.
  ///   - heldByOthers: the cash the account's other open buys hold.
  /// - Returns: the order to insert, and the trades its fills make in order (each with
  ///   the account after it).
  public static func placing(
    _ changes: [OrderChange], to stored: StoredOrder, ledger: Ledger, heldByOthers: Money,
    margin: Bool = false
  ) throws(OrderError) -> (order: StoredOrder, trades: [TradeStep]) {
    var current = stored
    var ledger = ledger
    var trades: [TradeStep] = []
    for change in changes where change.orderID == stored.order.id {
      if let version = change.version, version != current.version || !current.order.status.isOpen {
        continue
      }
      let (next, trade) = try apply(
        change.update, to: current, ledger: ledger, heldByOthers: heldByOthers, margin: margin,
        at: change.time)
      current = next
      if let trade {
        trades.append(trade)
        ledger = Ledger(
          cash: trade.cash,
          positions: trade.position.map { [$0.symbol: $0] } ?? [:],
          realizedProfit: trade.realizedProfit)
      }
    }
    return (current, trades)
  }
}

extension OrderStep {
  /// A new order's legs as they are inserted beside it (`placed`, the order as it ends up
  /// placed): made active, or canceled, at once when the order ended as it was placed
  /// (a market entry that filled), as `OrderCascade` says; otherwise as made.
  public static func placingLegs(_ legs: [Order], of placed: StoredOrder) throws(OrderError)
    -> [StoredOrder]
  {
    var stored = legs.map { leg in
      StoredOrder(
        accountID: placed.accountID, userID: placed.userID, order: leg,
        holdPrice: leg.limitPrice ?? leg.stopPrice ?? placed.holdPrice, version: 1, sequence: 0)
    }
    let changes = OrderCascade.changes(
      after: placed, wasOpen: true, group: stored, at: placed.order.updatedAt)
    for change in changes {
      guard let index = stored.firstIndex(where: { $0.order.id == change.orderID }) else {
        continue
      }
      var (next, _) = try apply(
        change.update, to: stored[index], ledger: Ledger(cash: .zero), heldByOthers: .zero,
        at: change.time)
      next.version = 1
      stored[index] = next
    }
    return stored
  }
}
