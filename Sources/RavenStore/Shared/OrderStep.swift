import Foundation
import RavenCore

/// An order placed or changed, worked out against the account's stored state inside the
/// store's transaction, before anything is written. Both stores load the same things and
/// write what this says, so the rules live in one place.
enum OrderStep {
  /// Checks a new order against the account: its client order ID unused, a buy within
  /// the buying power (cash less what open buys hold), a sale within the shares not
  /// already held by open sales.
  ///
  /// `replacing` is the order the new one replaces: what it holds is free for the new
  /// one; throws `orderNotReplaceable` once it has ended.
  static func checkPlacement(
    _ order: StoredOrder, cash: Money, shares: Quantity, holds: [OpenHold],
    clientOrderIDTaken: Bool, replacing: StoredOrder? = nil
  ) throws(StoreError) {
    var holds = holds
    if let replacing {
      guard replacing.order.status.isOpen else { throw .order(.orderNotReplaceable) }
      holds.removeAll { $0.orderID == replacing.order.id }
    }
    if clientOrderIDTaken { throw .order(.duplicateClientOrderID) }
    switch order.order.side {
    case .buy:
      let held = holds.reduce(Money.zero) { $0 + $1.cash }
      guard order.heldCash <= cash - held else { throw .order(.insufficientFunds) }
    case .sell:
      let held = holds.filter { $0.symbol == order.order.symbol }
        .reduce(Quantity.zero) { $0 + $1.shares }
      guard order.heldShares.isPositive, order.heldShares <= shares - held else {
        throw .order(.insufficientShares)
      }
    }
  }

  /// `update` applied to `stored` at `time`, and the trade a fill makes, if any.
  ///
  /// - Parameters:
  ///   - ledger: the account's cash and realized profit with the order's one position.
  ///   - heldByOthers: the cash the account's other open buys hold.
  static func apply(
    _ update: OrderUpdate, to stored: StoredOrder, ledger: Ledger, heldByOthers: Money,
    at time: Date
  ) throws(StoreError) -> (order: StoredOrder, trade: TradeStep?) {
    var next = stored
    next.version += 1
    switch update {
    case .end(let status, let reason):
      guard stored.order.status.isOpen else { throw .order(.orderNotCancelable) }
      next.order.end(status, at: time, reason: reason)
      return (next, nil)
    case .replaced(let replacement):
      guard stored.order.status.isOpen else { throw .order(.orderNotReplaceable) }
      next.order.end(.replaced, at: time, reason: nil)
      next.order.replacedBy = replacement
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
            remaining: remainingAfter, notional: nil, holdPrice: stored.holdPrice))
      }
      next.order.record(outcome, applied: applied, at: time)
      let step = applied?.trade.map { TradeStep(trade: $0, ledger: ledger) }
      return (next, step)
    }
  }
}

/// How JSON values are stored (an order in its row's `body`, the market's clock in
/// `market_state`): their own JSON, with times as whole microseconds since 1970 (what the
/// stores keep), so they read back exactly.
enum StoredJSON {
  static func encode(_ order: Order) throws(StoreError) -> String {
    try encode(order, "the order")
  }

  static func decode(_ text: String) throws(StoreError) -> Order {
    try decode(Order.self, text, column: "body")
  }

  /// Any value as stored JSON, times in microseconds as the columns keep them.
  static func encode(_ value: some Encodable, _ what: String) throws(StoreError) -> String {
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .unstorable(column: what)
    }
  }

  static func decode<Value: Decodable>(_ type: Value.Type, _ text: String, column: String)
    throws(StoreError) -> Value
  {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw StoredValue.corrupt(column, text)
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(StoredValue.microseconds(date))
    }
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      StoredValue.date(microseconds: try decoder.singleValueContainer().decode(Int64.self))
    }
    return decoder
  }()

  /// The order a simple trade (`Store.execute`) is recorded as: a market order for the
  /// day, filled at once.
  static func filledMarketOrder(_ trade: Trade, id: UUID) -> Order {
    var order = Order(
      id: id, clientOrderID: id.uuidString.lowercased(),
      request: OrderRequest(
        symbol: trade.symbol, side: trade.side, type: .market, qty: trade.shares,
        timeInForce: .day),
      submittedAt: trade.time)
    order.record(
      MinuteOutcome(
        orderID: id, fill: OrderFill(time: trade.time, qty: trade.shares, price: trade.price),
        mark: nil, triggered: false, cancelsRest: false),
      applied: AppliedFill(trade: trade, cutShort: false), at: trade.time)
    return order
  }

}
