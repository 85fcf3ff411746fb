import Foundation
import RavenCore
import RavenStore

extension OrderEngine {
  /// Checks every margin account at `instant`, the close of the last minute matched: one
  /// whose equity is below its maintenance margin has its open orders canceled and market
  /// orders placed that close its largest positions (`MarginCall`) in the next minute, at
  /// the bid or the ask, as any market order fills. Checked once per minute, while the
  /// market is open; an account already being liquidated is left to its orders.
  ///
  /// Returns the orders changed: the canceled and the placed.
  func callMargins(at instant: Date) async throws -> [StoredOrder] {
    guard calendar.isOpen(at: instant), marginCheckedThrough.map({ instant > $0 }) ?? true
    else { return [] }
    marginCheckedThrough = instant
    var changed: [StoredOrder] = []
    for owned in try await store.marginAccounts() {
      changed += try await callMargin(on: owned, at: instant)
    }
    return changed
  }

  private func callMargin(on owned: OwnedAccount, at instant: Date) async throws
    -> [StoredOrder]
  {
    let account = owned.account
    let symbols = account.positions.map(\.symbol)
    guard let quotes = try? await market.quotes(for: symbols, at: instant) else { return [] }
    let prices = quotes.mapValues(\.price)
    let closing = MarginCall.liquidation(
      cash: account.cash, positions: account.positions, prices: prices, terms: securities)
    guard !closing.isEmpty else { return [] }
    let open = try await store.orders(
      accountID: account.accountID, status: .open, symbol: nil, before: nil, limit: 10_000)
    if open.contains(where: { $0.order.clientOrderID.hasPrefix(MarginCall.clientOrderPrefix) }) {
      return []
    }
    logger.notice(
      "Margin call", metadata: ["account": "\(account.accountID)", "closing": "\(closing.count)"])
    var changed = try await store.changeOrders(
      open.map { stored in
        // At the version read: a bracket's exit its entry's cancel took along is skipped.
        OrderChange(
          orderID: stored.order.id, accountID: account.accountID, version: stored.version,
          update: .end(.canceled, reason: "margin_call"), time: instant)
      })
    // Stamped in the minute checked, so that the next minute is the first they fill in.
    let placedAt = instant.addingTimeInterval(-0.001)
    let minute = Int64(MarketMinute.start(of: placedAt).timeIntervalSince1970)
    for position in closing {
      let side: TradeSide = position.isShort ? .buy : .sell
      let id = UUID.timeOrdered(at: placedAt)
      var order = Order(
        id: id,
        clientOrderID: "\(MarginCall.clientOrderPrefix)\(minute)-\(position.symbol.rawValue)",
        request: OrderRequest(
          symbol: position.symbol, side: side, type: .market, qty: position.shares.magnitude,
          timeInForce: .day),
        submittedAt: placedAt)
      order.positionIntent = PositionIntent(side, holding: position.shares)
      changed.append(
        try await store.placeOrder(
          order, holdPrice: prices[position.symbol] ?? position.averageCost,
          accountID: account.accountID))
    }
    return changed
  }
}
