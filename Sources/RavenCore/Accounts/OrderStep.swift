import Foundation

/// An order placed or changed, worked out against the account's stored state inside the
/// store's transaction, before anything is written. Both stores load the same things and
/// write what this says, so the rules live in one place.
public enum OrderStep {
  /// Checks a new order against the account: its client order ID unused, its intent
  /// still what the position says (a sale of shares held, a short sale with none, a buy
  /// covering a short), an opening order within the buying power (cash, or margin's, less
  /// what open opening orders hold), a closing order within the shares its open closing
  /// orders do not already hold.
  ///
  /// - Parameters:
  ///   - shares: the account's position in the order's symbol (negative when short).
  ///   - margin: the account's buying power and the symbol's borrow, on a margin account;
  ///     nil for a cash account, whose buying power is its cash and which never sells short.
  ///   - replacing: the order the new one replaces: what it holds is free for the new one;
  ///     throws `orderNotReplaceable` once it has ended.
  public static func checkPlacement(
    _ order: StoredOrder, cash: Money, shares: Quantity, holds: [OpenHold],
    clientOrderIDTaken: Bool, replacing: StoredOrder? = nil, margin: MarginCheck? = nil
  ) throws(OrderError) {
    var holds = holds
    if let replacing {
      guard replacing.order.status.isOpen else { throw .orderNotReplaceable }
      holds.removeAll { $0.orderID == replacing.order.id }
    }
    if clientOrderIDTaken { throw .duplicateClientOrderID }
    let intent = order.order.intent
    // The position moved since the order was priced (a fill in between): refused as a
    // sale beyond what is held, the likeliest cause.
    guard intent == PositionIntent(order.order.side, holding: shares) else {
      throw .insufficientShares
    }
    let buyingPower = margin?.buyingPower.total ?? cash
    switch intent {
    case .buyToOpen:
      guard order.heldCash <= buyingPower - holds.heldCash else { throw .insufficientFunds }
    case .sellToOpen:
      guard let margin, margin.allowsShortSelling else { throw .insufficientShares }
      guard margin.easyToBorrow else { throw .notShortable }
      guard order.order.notional == nil, order.order.qty?.isWhole ?? false else {
        throw .fractionalShortSale
      }
      guard order.heldCash <= buyingPower - holds.heldCash else { throw .insufficientFunds }
    case .buyToClose, .sellToClose:
      let held = holds.heldShares(of: order.order.symbol)
      guard order.heldShares.isPositive, order.heldShares <= shares.magnitude - held else {
        throw intent == .buyToClose ? .insufficientShortShares : .insufficientShares
      }
    }
  }

  /// `update` applied to `stored` at `time`, and the trade a fill makes, if any.
  ///
  /// - Parameters:
  ///   - ledger: the account's cash and realized profit with the order's one position.
  ///   - heldByOthers: the cash the account's other open buys hold.
  ///   - margin: whether the account trades on margin: an opening order's fill is then not
  ///     held to the cash (its buying power was checked as it was placed).
  public static func apply(
    _ update: OrderUpdate, to stored: StoredOrder, ledger: Ledger, heldByOthers: Money,
    margin: Bool = false, at time: Date
  ) throws(OrderError) -> (order: StoredOrder, trade: TradeStep?) {
    var next = stored
    next.version += 1
    switch update {
    case .end(let status, let reason):
      guard stored.order.status.isOpen else { throw .orderNotCancelable }
      next.order.end(status, at: time, reason: reason)
      return (next, nil)
    case .activate(let qty):
      guard stored.order.status == .held else { return (stored, nil) }
      next.order.activate(qty: qty, at: time)
      return (next, nil)
    case .replaced(let replacement):
      guard stored.order.status.isOpen else { throw .orderNotReplaceable }
      next.order.end(.replaced, at: time, reason: nil)
      next.order.replacedBy = replacement
      return (next, nil)
    case .corporateAction(let action):
      switch stored.order.adjustment(for: action) {
      case .unchanged: return (stored, nil)
      case .canceled:
        next.order.end(.canceled, at: time, reason: Order.reverseSplitReason)
      case .adjusted(let order):
        next.order = order
        next.holdPrice = Self.holdPrice(stored, adjustedTo: order, for: action)
      }
      return (next, nil)
    case .minute(let outcome):
      guard stored.order.status.isOpen else { return (stored, nil) }
      var ledger = ledger
      var applied: AppliedFill?
      if let fill = outcome.fill {
        let remainingAfter = stored.order.remainingQty.map { $0 - fill.qty } ?? .zero
        applied = ledger.apply(
          fill, side: stored.order.side, symbol: stored.order.symbol,
          wholeShares: stored.order.qty?.isWhole ?? false, heldByOthers: heldByOthers,
          holdAfter: OrderHold.cash(
            remaining: remainingAfter, notional: nil, holdPrice: stored.holdPrice),
          margin: margin, intent: stored.order.intent)
      }
      next.order.record(
        outcome, applied: applied, positionAfter: ledger.shares(of: stored.order.symbol), at: time)
      let step = applied?.trade.map { TradeStep(trade: $0, ledger: ledger) }
      return (next, step)
    }
  }
}

extension OrderStep {
  /// What an order re-priced at an ex-date holds cash at: a limit buy its new limit; after a
  /// split, any other order the old price over the ratio (its shares multiplied by it, the
  /// cash held stays); after a dividend, what it held.
  static func holdPrice(_ stored: StoredOrder, adjustedTo order: Order, for action: CorporateAction)
    -> Price
  {
    if order.side == .buy, order.type.needsLimitPrice, let limit = order.limitPrice {
      return limit
    }
    guard let ratio = action.splitRatio else { return stored.holdPrice }
    return ratio.price(stored.holdPrice)
  }
}

extension OrderChange {
  /// `qty` of `order` filled in whole at `price` as it is placed (its version 1): how a
  /// simple trade fills at the quote, in the transaction that records the order.
  public static func wholeFill(
    of order: Order, qty: Quantity, accountID: AccountID, at price: Price
  ) -> OrderChange {
    OrderChange(
      orderID: order.id, accountID: accountID, version: 1,
      update: .minute(
        MinuteOutcome(
          orderID: order.id, fill: OrderFill(time: order.submittedAt, qty: qty, price: price))),
      time: order.submittedAt)
  }
}
