import Foundation
import RavenCore

/// An order's `body` column: the order as stored, apart from the API's `Order`.
///
/// Its keys and texts are fixed by the rows already written (and read by SQL:
/// `body->>'filledQty'`, `json_extract(body, '$.qty')`), so a field of the API's `Order`
/// can be renamed or added without touching a stored row, and a row written by an earlier
/// release reads back as it was. Amounts are their exact decimal text, kinds their raw
/// names, times whole microseconds (`StoredJSON`'s date strategy).
struct StoredOrderBody: Codable {
  var id: UUID
  var clientOrderId: String
  var symbol: String
  var side: String
  var type: String
  var qty: String?
  var notional: String?
  var limitPrice: String?
  var stopPrice: String?
  var trailPrice: String?
  var trailPercent: String?
  var timeInForce: String
  var status: String
  var filledQty: String
  var filledAvgPrice: String?
  var hwm: String?
  var triggeredAt: Date?
  var submittedAt: Date
  var createdAt: Date
  var updatedAt: Date
  var filledAt: Date?
  var canceledAt: Date?
  var expiredAt: Date?
  var replacedBy: UUID?
  var replaces: UUID?
  var reason: String?
  var fills: [Fill]
  var events: [Event]
  /// `buy_to_open`…; absent from orders placed before Raven kept it (`Order.intent`).
  var positionIntent: String?
  /// A bracket's, OTO's or OCO's: its class, its legs' ids or its parent's, and whether a
  /// stop-loss leaves its shares to its take-profit. Absent from simple orders.
  var orderClass: String?
  var legs: [UUID]?
  var parentId: UUID?
  var sharesHeldByPair: Bool?

  struct Fill: Codable {
    var time: Date
    var qty: String
    var price: String
    /// Absent from fills booked before Raven kept it.
    var positionQty: String?
  }

  struct Event: Codable {
    var status: String
    var time: Date
  }
}

extension StoredOrderBody {
  /// `order` as it is stored; refuses an amount too large to read back.
  init(_ order: Order) throws(StoreError) {
    let column = "the order"
    id = order.id
    clientOrderId = order.clientOrderID
    symbol = order.symbol.rawValue
    side = order.side.rawValue
    type = order.type.rawValue
    qty = try Self.text(order.qty)
    notional = try Self.text(order.notional)
    limitPrice = try Self.text(order.limitPrice)
    stopPrice = try Self.text(order.stopPrice)
    trailPrice = try Self.text(order.trailPrice)
    trailPercent = try order.trailPercent.map { percent throws(StoreError) in
      try StoredValue.text(percent, column)
    }
    timeInForce = order.timeInForce.rawValue
    status = order.status.rawValue
    filledQty = try StoredValue.text(order.filledQty, column)
    filledAvgPrice = try Self.text(order.filledAvgPrice)
    hwm = try Self.text(order.hwm)
    triggeredAt = order.triggeredAt
    submittedAt = order.submittedAt
    createdAt = order.createdAt
    updatedAt = order.updatedAt
    filledAt = order.filledAt
    canceledAt = order.canceledAt
    expiredAt = order.expiredAt
    replacedBy = order.replacedBy
    replaces = order.replaces
    reason = order.reason
    fills = try order.fills.map { fill throws(StoreError) in
      Fill(
        time: fill.time, qty: try StoredValue.text(fill.qty, column),
        price: try StoredValue.text(fill.price, column),
        positionQty: try fill.positionQty.map { qty throws(StoreError) in
          try StoredValue.text(qty, column)
        })
    }
    events = order.events.map { Event(status: $0.status.rawValue, time: $0.time) }
    positionIntent = order.positionIntent?.rawValue
    orderClass = order.orderClass?.rawValue
    legs = order.legs
    parentId = order.parentID
    sharesHeldByPair = order.sharesHeldByPair
  }

  private static func text(_ amount: (some DecimalAmount)?) throws(StoreError) -> String? {
    guard let amount else { return nil }
    return try StoredValue.text(amount, "the order")
  }

  /// The order this body stores; a field that does not read names itself in the error.
  func order() throws(StoreError) -> Order {
    var order = Order(
      id: id, clientOrderID: clientOrderId,
      request: OrderRequest(
        symbol: try StoredValue.symbol(symbol, "body.symbol"),
        side: try StoredValue.side(side), type: try Self.kind(type, "body.type"),
        timeInForce: try Self.kind(timeInForce, "body.timeInForce")),
      status: try Self.kind(status, "body.status"), submittedAt: submittedAt)
    order.qty = try Self.amount(qty, "body.qty", as: Quantity.self)
    order.notional = try Self.amount(notional, "body.notional", as: Money.self)
    order.limitPrice = try Self.amount(limitPrice, "body.limitPrice", as: Price.self)
    order.stopPrice = try Self.amount(stopPrice, "body.stopPrice", as: Price.self)
    order.trailPrice = try Self.amount(trailPrice, "body.trailPrice", as: Price.self)
    order.trailPercent = try trailPercent.map { text throws(StoreError) in
      try StoredValue.exact(text, "body.trailPercent")
    }
    order.filledQty = try StoredValue.quantity(filledQty, "body.filledQty")
    order.filledAvgPrice = try Self.amount(filledAvgPrice, "body.filledAvgPrice", as: Price.self)
    order.hwm = try Self.amount(hwm, "body.hwm", as: Price.self)
    order.triggeredAt = triggeredAt
    order.createdAt = createdAt
    order.updatedAt = updatedAt
    order.filledAt = filledAt
    order.canceledAt = canceledAt
    order.expiredAt = expiredAt
    order.replacedBy = replacedBy
    order.replaces = replaces
    order.reason = reason
    order.fills = try fills.map { fill throws(StoreError) in
      OrderFill(
        time: fill.time, qty: try StoredValue.quantity(fill.qty, "body.fills.qty"),
        price: try StoredValue.price(fill.price, "body.fills.price"),
        positionQty: try fill.positionQty.map { text throws(StoreError) in
          try StoredValue.quantity(text, "body.fills.positionQty")
        })
    }
    order.events = try events.map { event throws(StoreError) in
      OrderEvent(status: try Self.kind(event.status, "body.events.status"), time: event.time)
    }
    order.positionIntent = try positionIntent.map { text throws(StoreError) in
      try Self.kind(text, "body.positionIntent")
    }
    order.orderClass = try orderClass.map { text throws(StoreError) in
      try Self.kind(text, "body.orderClass")
    }
    order.legs = legs
    order.parentID = parentId
    order.sharesHeldByPair = sharesHeldByPair
    return order
  }

  private static func kind<Kind: RawRepresentable<String>>(_ text: String, _ column: String)
    throws(StoreError) -> Kind
  {
    guard let kind = Kind(rawValue: text) else { throw StoredValue.corrupt(column, text) }
    return kind
  }

  private static func amount<Amount: DecimalAmount>(
    _ text: String?, _ column: String, as: Amount.Type
  ) throws(StoreError) -> Amount? {
    guard let text else { return nil }
    return Amount(exact: try StoredValue.exact(text, column))
  }
}
