import Foundation
import RavenCore
import RavenStore

/// Orders of every type on a linked account: checked as the built-in account checks
/// them, then sent to the brokerage, which holds and fills them. Its refusals read as the
/// built-in account's (`OrderError`), so the app and a bot see one set of codes.
extension LinkedBrokerageAccount {
  /// The brokerage fills the order as it fills any. A simple trade reads the cash first:
  /// when the brokerage cannot be reached nothing is placed, and its receipt has a figure
  /// should the brokerage stop answering once the order stands.
  public func placeOrder(_ request: OrderRequest, filling: MarketFilling) async throws -> Order {
    try request.validate()
    // Alpaca's own brackets are not passed on yet: an entry must never reach Alpaca
    // without the exits its owner asked for.
    guard try request.kind == .simple else { throw OrderError.unsupportedOrderClass }
    if filling == .atTheQuote {
      let cash = try await brokerage.account(credentials).cash
      cashBeforeTrade.withLock { $0 = cash }
    }
    let order: Order
    do {
      order = try await brokerage.placeOrder(request, credentials)
    } catch {
      throw Self.orderRefusal(error, ended: .orderNotCancelable)
    }
    await events?.publish([order], of: accountID, to: userID)
    return order
  }

  public func order(clientOrderID: String) async throws -> Order? {
    try await brokerage.order(clientOrderID: clientOrderID, credentials)
  }

  /// The order as the brokerage reports it, and the cash after it. The order stands
  /// whatever happens next, so failing to read the cash must not turn its answer into an
  /// error (the user would place it again): the cash read before it stands in.
  public func receipt(for order: Order, isReplay: Bool) async throws -> AccountReceipt {
    let cash: Money
    if let before = cashBeforeTrade.withLock({ $0 }) {
      cash = (try? await brokerage.account(credentials).cash) ?? before
    } else {
      cash = try await brokerage.account(credentials).cash
    }
    return AccountReceipt(trade: AccountTrade(order), cash: cash, isReplay: isReplay)
  }

  /// Newest first. The cursor is the last order's submission time in microseconds since
  /// 1970, as for trades: the brokerage pages by time.
  public func orders(status: OrderListStatus, symbol: Symbol?, limit: Int, before: Int64?)
    async throws -> AccountOrdersPage
  {
    let until = before.map(Self.time(ofCursor:))
    // One more than the page shows, to know whether there is a next: Alpaca lists at most
    // 500, so a page here is at most 499.
    let limit = min(limit, 499)
    let orders = try await brokerage.orders(
      status: status, symbol: symbol, limit: limit + 1, until: until, credentials)
    let page = Array(orders.prefix(limit))
    return AccountOrdersPage(
      orders: page,
      nextCursor: orders.count > limit ? page.last.map { Self.cursor(at: $0.submittedAt) } : nil)
  }

  public func order(id: UUID) async throws -> Order {
    do {
      return try await brokerage.order(id: id, credentials)
    } catch {
      throw Self.orderRefusal(error, ended: .orderNotCancelable)
    }
  }

  /// Asks the brokerage to cancel, then answers with the order as it now stands: canceled,
  /// or `pendingCancel` while the brokerage has not confirmed it.
  public func cancelOrder(id: UUID) async throws -> Order {
    var order = try await order(id: id)
    guard order.status.isOpen else { throw OrderError.orderNotCancelable }
    do {
      try await brokerage.cancelOrder(id: id, credentials)
    } catch {
      throw Self.orderRefusal(error, ended: .orderNotCancelable)
    }
    // The cancel stands whatever happens next: a failed read must not turn it into an error.
    if let now = try? await self.order(id: id) {
      order = now
    } else {
      order.status = .pendingCancel
    }
    await events?.publish([order], of: accountID, to: userID)
    return order
  }

  /// Checked as the built-in account checks a replacement, then sent. Alpaca keeps a
  /// trailing stop's kind of trail (dollars or percent), so changing it is refused here.
  public func replaceOrder(id: UUID, with replacement: OrderReplacement) async throws -> Order {
    let order = try await order(id: id)
    if replacement.trailPrice != nil && order.trailPercent != nil
      || replacement.trailPercent != nil && order.trailPrice != nil
    {
      throw BrokerageError.unsupported(
        "Alpaca keeps a trailing stop's kind of trail: give this order a new trail in \(order.trailPrice != nil ? "dollars (trailPrice)" : "percent (trailPercent)")"
      )
    }
    let request = try replacement.request(replacing: order)
    let new: Order
    do {
      new = try await brokerage.replaceOrder(id: id, with: request, credentials)
    } catch {
      throw Self.orderRefusal(error, ended: .orderNotReplaceable)
    }
    // The old order's end (`replaced`) and the new one.
    await events?.publish([try await self.order(id: id), new], of: accountID, to: userID)
    return new
  }

  /// A brokerage's refusal of an order in the built-in account's words; `ended` is what
  /// an order that can no longer change answers.
  static func orderRefusal(_ error: BrokerageError, ended: OrderError) -> any Error {
    switch error {
    case .insufficientFunds: OrderError.insufficientFunds
    case .insufficientShares: OrderError.insufficientShares
    case .amountTooSmall: OrderError.amountTooSmall
    case .unknownSymbol: OrderError.unknownSymbol
    case .duplicateClientOrderID: OrderError.duplicateClientOrderID
    case .orderEnded: ended
    case .notFound: StoreError.notFound
    default: error
    }
  }
}
