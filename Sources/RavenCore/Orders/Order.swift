import Foundation

/// An order as it stands: what was asked, how far it has filled, and every change of its
/// status. Field names are Alpaca's (in camelCase), so the Alpaca-compatible API maps them
/// one to one.
public struct Order: Sendable, Hashable, Codable {
  public var id: UUID
  /// The client's ID for the order, unique per account (a UUID when the client gave none).
  public var clientOrderID: String
  public var symbol: Symbol
  public var side: TradeSide
  public var type: OrderType
  /// Shares asked; for a notional order, set once its first fill fixes the shares.
  public var qty: Quantity?
  public var notional: Money?
  public var limitPrice: Price?
  public var stopPrice: Price?
  public var trailPrice: Price?
  public var trailPercent: ExactDecimal?
  public var timeInForce: TimeInForce
  public var status: OrderStatus
  public var filledQty: Quantity
  /// The average price of the fills, to 4 places; `nil` before the first.
  public var filledAvgPrice: Price?
  /// A trailing stop's best price since it was placed: the high-water mark of a sell, the
  /// low-water mark of a buy.
  public var hwm: Price?
  /// When a stop or trailing stop was triggered; `nil` before then and for other types.
  public var triggeredAt: Date?
  public var submittedAt: Date
  public var createdAt: Date
  public var updatedAt: Date
  public var filledAt: Date?
  public var canceledAt: Date?
  public var expiredAt: Date?
  /// The order that replaced this one, and the one this one replaced.
  public var replacedBy: UUID?
  public var replaces: UUID?
  /// Why Raven ended the order itself (e.g. a fill the cash could not cover).
  public var reason: String?
  public var fills: [OrderFill]
  /// Every change of status, oldest first.
  public var events: [OrderEvent]
  /// Its class (nil for a simple order): an order with `legs` is a bracket's, OTO's or OCO's
  /// first order; a leg has the class of the order it belongs to and its `parentID`.
  public var orderClass: OrderClass?
  /// The exits a bracket, OTO or OCO placed with this order, in order: take-profit first.
  public var legs: [UUID]?
  /// The order this one is a leg of.
  public var parentID: UUID?
  /// A stop-loss that shares its shares with a take-profit of its group: only one of the
  /// two can fill, so only the take-profit holds them.
  public var sharesHeldByPair: Bool?
  /// Whether the order opens or closes a position, and on which side, as the account stood
  /// when it was placed; nil for orders placed before Raven kept it (`intent` assumes).
  public var positionIntent: PositionIntent?
  /// A linked brokerage's own word for the status, where Raven has none for it
  /// (`accepted`, `pending_new`, `done_for_day`…); nil for Raven's own orders. Not part of
  /// the order's JSON: a trade's receipt and history show it.
  public var brokerStatus: String? = nil

  public init(
    id: UUID, clientOrderID: String, request: OrderRequest, status: OrderStatus = .new,
    submittedAt: Date
  ) {
    self.id = id
    self.clientOrderID = clientOrderID
    self.symbol = request.symbol
    self.side = request.side
    self.type = request.type
    self.qty = request.qty
    self.notional = request.notional
    self.limitPrice = request.limitPrice
    self.stopPrice = request.stopPrice
    self.trailPrice = request.trailPrice
    self.trailPercent = request.trailPercent
    self.timeInForce = request.timeInForce
    self.status = status
    self.filledQty = .zero
    self.submittedAt = submittedAt
    self.createdAt = submittedAt
    self.updatedAt = submittedAt
    self.fills = []
    self.events = [OrderEvent(status: status, time: submittedAt)]
  }

  enum CodingKeys: String, CodingKey {
    case id
    case clientOrderID = "clientOrderId"
    case symbol, side, type, qty, notional, limitPrice, stopPrice, trailPrice, trailPercent
    case timeInForce, status, filledQty, filledAvgPrice, hwm, triggeredAt, submittedAt
    case createdAt, updatedAt, filledAt, canceledAt, expiredAt, replacedBy, replaces, reason
    case fills, events, positionIntent, orderClass, legs
    case parentID = "parentId"
    case sharesHeldByPair
  }

  /// Whether the order opens or closes a position (`positionIntent`, or what an order
  /// placed before Raven kept it meant: a buy opened, a sale closed).
  public var intent: PositionIntent { positionIntent ?? .assumed(for: side) }

  /// Shares still to fill; `nil` for a notional order that has not filled yet.
  public var remainingQty: Quantity? { qty.map { $0 - filledQty } }
}

/// One fill of an order: the minute it came from, how many shares at what price, and the
/// account's shares of the symbol right after it.
public struct OrderFill: Sendable, Hashable, Codable {
  /// The start of the minute the fill came from.
  public var time: Date
  public var qty: Quantity
  public var price: Price
  /// The account's position in the symbol once this fill was booked (Alpaca's
  /// `position_qty`); nil for a fill not yet booked, or booked before Raven kept it.
  public var positionQty: Quantity?

  public init(time: Date, qty: Quantity, price: Price, positionQty: Quantity? = nil) {
    self.time = time
    self.qty = qty
    self.price = price
    self.positionQty = positionQty
  }
}

/// A change of an order's status and when it happened.
public struct OrderEvent: Sendable, Hashable, Codable {
  public var status: OrderStatus
  public var time: Date

  public init(status: OrderStatus, time: Date) {
    self.status = status
    self.time = time
  }
}
