import Foundation
import RavenCore

/// `POST /api/v1/orders`: an order of any type, with Alpaca's fields in camelCase.
/// Amounts are read as strings (`"350.00"`) or numbers, and checked by RavenCore's
/// `OrderRequest`, so every client gets the same refusals and codes.
public struct OrderRequestBody: Sendable, Hashable, Codable {
  public var symbol: String
  /// `buy` or `sell`.
  public var side: String
  /// `market` (the default), `limit`, `stop`, `stop_limit` or `trailing_stop`.
  public var type: String?
  public var qty: String?
  public var notional: String?
  public var limitPrice: String?
  public var stopPrice: String?
  public var trailPrice: String?
  public var trailPercent: String?
  /// `day` (the default), `gtc`, `opg`, `cls`, `ioc` or `fok`.
  public var timeInForce: String?
  public var clientOrderId: String?
  public var extendedHours: Bool?
  /// `simple` (the default), `bracket`, `oto` or `oco`, as Alpaca's.
  public var orderClass: String?
  /// A bracket's, OTO's or OCO's take-profit: a limit order on the other side.
  public var takeProfit: TakeProfitBody?
  /// A bracket's, OTO's or OCO's stop-loss: a stop (or stop-limit) on the other side.
  public var stopLoss: StopLossBody?

  public init(
    symbol: String, side: String, type: String? = nil, qty: String? = nil,
    notional: String? = nil, limitPrice: String? = nil, stopPrice: String? = nil,
    trailPrice: String? = nil, trailPercent: String? = nil, timeInForce: String? = nil,
    clientOrderId: String? = nil, extendedHours: Bool? = nil, orderClass: String? = nil,
    takeProfit: TakeProfitBody? = nil, stopLoss: StopLossBody? = nil
  ) {
    self.symbol = symbol
    self.side = side
    self.type = type
    self.qty = qty
    self.notional = notional
    self.limitPrice = limitPrice
    self.stopPrice = stopPrice
    self.trailPrice = trailPrice
    self.trailPercent = trailPercent
    self.timeInForce = timeInForce
    self.clientOrderId = clientOrderId
    self.extendedHours = extendedHours
    self.orderClass = orderClass
    self.takeProfit = takeProfit
    self.stopLoss = stopLoss
  }

  enum CodingKeys: String, CodingKey {
    case symbol, side, type, qty, notional, limitPrice, stopPrice, trailPrice, trailPercent
    case timeInForce, clientOrderId, extendedHours, orderClass, takeProfit, stopLoss
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    symbol = try container.decode(String.self, forKey: .symbol)
    side = try container.decode(String.self, forKey: .side)
    type = try container.decodeIfPresent(String.self, forKey: .type)
    qty = try container.amountText(forKey: .qty)
    notional = try container.amountText(forKey: .notional)
    limitPrice = try container.amountText(forKey: .limitPrice)
    stopPrice = try container.amountText(forKey: .stopPrice)
    trailPrice = try container.amountText(forKey: .trailPrice)
    trailPercent = try container.amountText(forKey: .trailPercent)
    timeInForce = try container.decodeIfPresent(String.self, forKey: .timeInForce)
    clientOrderId = try container.decodeIfPresent(String.self, forKey: .clientOrderId)
    extendedHours = try container.decodeIfPresent(Bool.self, forKey: .extendedHours)
    orderClass = try container.decodeIfPresent(String.self, forKey: .orderClass)
    takeProfit = try container.decodeIfPresent(TakeProfitBody.self, forKey: .takeProfit)
    stopLoss = try container.decodeIfPresent(StopLossBody.self, forKey: .stopLoss)
  }
}

/// An order's take-profit exit: `{"limitPrice": "190.00"}`.
public struct TakeProfitBody: Sendable, Hashable, Codable {
  public var limitPrice: String?

  public init(limitPrice: String?) { self.limitPrice = limitPrice }

  enum CodingKeys: String, CodingKey { case limitPrice }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    limitPrice = try container.amountText(forKey: .limitPrice)
  }
}

/// An order's stop-loss exit: `{"stopPrice": "170.00"}`, with `limitPrice` for a
/// stop-limit.
public struct StopLossBody: Sendable, Hashable, Codable {
  public var stopPrice: String?
  public var limitPrice: String?

  public init(stopPrice: String?, limitPrice: String? = nil) {
    self.stopPrice = stopPrice
    self.limitPrice = limitPrice
  }

  enum CodingKeys: String, CodingKey { case stopPrice, limitPrice }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    stopPrice = try container.amountText(forKey: .stopPrice)
    limitPrice = try container.amountText(forKey: .limitPrice)
  }
}

/// `PATCH /api/v1/orders/{id}`: what replacing an open order changes; each field left
/// out keeps the order's own (`qty`: its remaining shares).
public struct OrderReplaceBody: Sendable, Hashable, Codable {
  public var qty: String?
  public var limitPrice: String?
  public var stopPrice: String?
  public var trailPrice: String?
  public var trailPercent: String?
  public var timeInForce: String?
  public var clientOrderId: String?

  public init(
    qty: String? = nil, limitPrice: String? = nil, stopPrice: String? = nil,
    trailPrice: String? = nil, trailPercent: String? = nil, timeInForce: String? = nil,
    clientOrderId: String? = nil
  ) {
    self.qty = qty
    self.limitPrice = limitPrice
    self.stopPrice = stopPrice
    self.trailPrice = trailPrice
    self.trailPercent = trailPercent
    self.timeInForce = timeInForce
    self.clientOrderId = clientOrderId
  }

  enum CodingKeys: String, CodingKey {
    case qty, limitPrice, stopPrice, trailPrice, trailPercent, timeInForce, clientOrderId
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    qty = try container.amountText(forKey: .qty)
    limitPrice = try container.amountText(forKey: .limitPrice)
    stopPrice = try container.amountText(forKey: .stopPrice)
    trailPrice = try container.amountText(forKey: .trailPrice)
    trailPercent = try container.amountText(forKey: .trailPercent)
    timeInForce = try container.decodeIfPresent(String.self, forKey: .timeInForce)
    clientOrderId = try container.decodeIfPresent(String.self, forKey: .clientOrderId)
  }
}

extension KeyedDecodingContainer {
  /// An amount sent as a string (`"350.00"`) or a number, as its text; nil when absent
  /// or null. Anything else is kept as empty text, refused by the amount's own check
  /// with the code of the field it was meant for.
  func amountText(forKey key: Key) throws -> String? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let text = try? decode(String.self, forKey: key) { return text }
    if let number = try? decode(Decimal.self, forKey: key) { return "\(number)" }
    return ""
  }
}

/// `GET /api/v1/orders`: a page of orders, newest first.
public struct OrdersPageBody: Sendable, Hashable, Codable {
  public var orders: [Order]
  /// Pass as `before` for the next (older) page; `null` on the last page.
  public var nextCursor: String?

  public init(orders: [Order], nextCursor: String?) {
    self.orders = orders
    self.nextCursor = nextCursor
  }

  enum CodingKeys: String, CodingKey { case orders, nextCursor }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(orders, forKey: .orders)
    // Always present, `null` on the last page, as the trades' page.
    try container.encode(nextCursor, forKey: .nextCursor)
  }
}
