import Foundation
import RavenBrokerage
import RavenCore
import RavenStore

/// Orders of every type in memory, refused and filled roughly as Alpaca would: a market
/// order fills at the set price (at once, or when the test says), a limit order when the
/// price meets its limit (`fillOrders()`), a stop when the test fills it. Enough to test
/// the linked account's mapping; the fill model itself is the order engine's.
extension FakeBrokerage {
  public func placeOrder(_ request: OrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  {
    let now = clock.now
    return try enter(credentials) { state, account throws(BrokerageError) in
      guard let price = state.prices[request.symbol] else { throw .unknownSymbol }
      if let id = request.clientOrderID,
        account.placedOrders.contains(where: { $0.clientOrderID == id })
      {
        throw .duplicateClientOrderID
      }
      let shares = request.qty ?? Self.notionalShares(request.notional ?? .zero, at: price)
      switch request.side {
      case .buy where (shares * (request.limitPrice ?? price)).roundedToCents() > account.cash:
        throw .insufficientFunds
      case .sell where shares > account.shares[request.symbol] ?? .zero:
        throw .insufficientShares
      default: break
      }
      var order = Order(
        id: UUID(), clientOrderID: request.clientOrderID ?? UUID().uuidString, request: request,
        submittedAt: now)
      // Alpaca's word for an order it has taken but not yet filled.
      order.brokerStatus = "accepted"
      if state.fillsAtOnce, request.type == .market {
        Self.fillIfMarketable(&order, in: &account, prices: state.prices, at: now)
      }
      account.placedOrders.append(order)
      return order
    }
  }

  public func order(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  {
    let orders = try enter(credentials) { _, account in account.placedOrders }
    guard let order = orders.first(where: { $0.id == id }) else { throw .notFound }
    return order
  }

  public func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order?
  {
    try enter(credentials) { _, account in
      account.placedOrders.first { $0.clientOrderID == clientOrderID }
    }
  }

  public func orders(
    status: OrderListStatus, symbol: Symbol?, limit: Int, until: Date?,
    _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> [Order] {
    let orders = try enter(credentials) { _, account in account.placedOrders }
    return Array(
      orders.reversed().filter { order in
        (status == .all || order.status.isOpen == (status == .open))
          && (symbol == nil || order.symbol == symbol)
          && (until.map { order.submittedAt < $0 } ?? true)
      }
      .prefix(limit))
  }

  public func cancelOrder(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError)
  {
    let now = clock.now
    try enter(credentials) { _, account throws(BrokerageError) in
      guard let index = account.placedOrders.firstIndex(where: { $0.id == id }) else {
        throw .notFound
      }
      guard account.placedOrders[index].status.isOpen else { throw .orderEnded }
      account.placedOrders[index].end(.canceled, at: now, reason: nil)
      account.placedOrders[index].brokerStatus = nil
    }
  }

  public func replaceOrder(
    id: UUID, with request: OrderRequest, _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> Order {
    let now = clock.now
    return try enter(credentials) { _, account throws(BrokerageError) in
      guard let index = account.placedOrders.firstIndex(where: { $0.id == id }) else {
        throw .notFound
      }
      guard account.placedOrders[index].status.isOpen else { throw .orderEnded }
      var new = Order(
        id: UUID(), clientOrderID: request.clientOrderID ?? UUID().uuidString, request: request,
        submittedAt: now)
      new.replaces = id
      account.placedOrders[index].end(.replaced, at: now, reason: nil)
      account.placedOrders[index].brokerStatus = nil
      account.placedOrders[index].replacedBy = new.id
      account.placedOrders.append(new)
      return new
    }
  }

  /// Fills the whole order at the symbol's price when its limit allows that price.
  static func fillIfMarketable(
    _ order: inout Order, in account: inout Account, prices: [Symbol: Price], at time: Date
  ) {
    guard let price = prices[order.symbol] else { return }
    if let limit = order.limitPrice, order.side == .buy ? price > limit : price < limit { return }
    let shares = order.qty ?? notionalShares(order.notional ?? .zero, at: price)
    settle(order.side, shares, of: order.symbol, at: price, in: &account)
    order.qty = shares
    order.filledQty = shares
    order.filledAvgPrice = price
    order.status = .filled
    order.brokerStatus = nil
    order.filledAt = time
    order.updatedAt = time
    order.events.append(OrderEvent(status: .filled, time: time))
  }

  /// A dollar amount's shares at `price`, rounded down to 9 places as Alpaca does.
  static func notionalShares(_ notional: Money, at price: Price) -> Quantity {
    let shares = notional.exact.divided(
      by: price.exact, fractionDigits: Quantity.maximumFractionDigits, rounding: .towardZero)
    return Quantity(exact: shares?.trimmed ?? .zero)
  }
}
