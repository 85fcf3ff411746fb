import Foundation
import RavenCore
import RavenHTTP

/// `POST /v2/orders` as Alpaca's SDKs send it: amounts as JSON numbers (alpaca-py) or
/// strings (Alpaca's reference), read exactly either way, never through `Double`.
struct AlpacaOrderBody: Decodable {
  var symbol: String
  var qty: ExactDecimal?
  var notional: ExactDecimal?
  var side: String
  var type: String
  var timeInForce: String
  var limitPrice: ExactDecimal?
  var stopPrice: ExactDecimal?
  var trailPrice: ExactDecimal?
  var trailPercent: ExactDecimal?
  var clientOrderID: String?
  var extendedHours: Bool?
  var orderClass: String?
  /// Whether the body has legs of a bracket (`take_profit`, `stop_loss`, `legs`): refused,
  /// so a bot never believes it holds a stop-loss Raven did not place.
  var hasLegs: Bool

  enum CodingKeys: String, CodingKey {
    case takeProfit = "take_profit"
    case stopLoss = "stop_loss"
    case legs
    case symbol, qty, notional, side, type
    case timeInForce = "time_in_force"
    case limitPrice = "limit_price"
    case stopPrice = "stop_price"
    case trailPrice = "trail_price"
    case trailPercent = "trail_percent"
    case clientOrderID = "client_order_id"
    case extendedHours = "extended_hours"
    case orderClass = "order_class"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func amount(_ key: CodingKeys) throws -> ExactDecimal? {
      try container.decodeIfPresent(UpstreamDecimal.self, forKey: key)?.exact
    }
    symbol = try container.decode(String.self, forKey: .symbol)
    qty = try amount(.qty)
    notional = try amount(.notional)
    side = try container.decode(String.self, forKey: .side)
    type = try container.decodeIfPresent(String.self, forKey: .type) ?? "market"
    timeInForce = try container.decodeIfPresent(String.self, forKey: .timeInForce) ?? "day"
    limitPrice = try amount(.limitPrice)
    stopPrice = try amount(.stopPrice)
    trailPrice = try amount(.trailPrice)
    trailPercent = try amount(.trailPercent)
    clientOrderID = try container.decodeIfPresent(String.self, forKey: .clientOrderID)
    extendedHours = try container.decodeIfPresent(Bool.self, forKey: .extendedHours)
    orderClass = try container.decodeIfPresent(String.self, forKey: .orderClass)
    hasLegs = [CodingKeys.takeProfit, .stopLoss, .legs].contains { key in
      container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? false)
    }
  }

  /// Raven's order request; what Alpaca refuses with 422 is refused the same way.
  func request() throws -> OrderRequest {
    guard let side = TradeSide(rawValue: side.lowercased()) else {
      throw AlpacaError.unprocessable("invalid side: \(side)")
    }
    guard let type = OrderType(rawValue: type.lowercased()) else {
      throw AlpacaError.unprocessable("invalid order type: \(type)")
    }
    guard let timeInForce = TimeInForce(rawValue: timeInForce.lowercased()) else {
      throw AlpacaError.unprocessable("invalid time_in_force: \(timeInForce)")
    }
    guard let symbol = Symbol(symbol) else { throw AlpacaError.unprocessable("asset not found") }
    let orderClass = orderClass.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    if hasLegs { throw OrderError.unsupportedOrderClass }
    return OrderRequest(
      symbol: symbol, side: side, type: type, qty: qty.map(Quantity.init(exact:)),
      notional: notional.map(Money.init(exact:)), limitPrice: limitPrice.map(Price.init(exact:)),
      stopPrice: stopPrice.map(Price.init(exact:)), trailPrice: trailPrice.map(Price.init(exact:)),
      trailPercent: trailPercent, timeInForce: timeInForce, clientOrderID: clientOrderID,
      extendedHours: extendedHours ?? false, orderClass: orderClass)
  }
}

/// `PATCH /v2/orders/{id}`: `trail` is in the order's own unit (dollars or percent).
struct AlpacaReplaceBody: Decodable {
  var qty: ExactDecimal?
  var timeInForce: String?
  var limitPrice: ExactDecimal?
  var stopPrice: ExactDecimal?
  var trail: ExactDecimal?
  var clientOrderID: String?

  enum CodingKeys: String, CodingKey {
    case qty, trail
    case timeInForce = "time_in_force"
    case limitPrice = "limit_price"
    case stopPrice = "stop_price"
    case clientOrderID = "client_order_id"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func amount(_ key: CodingKeys) throws -> ExactDecimal? {
      try container.decodeIfPresent(UpstreamDecimal.self, forKey: key)?.exact
    }
    qty = try amount(.qty)
    timeInForce = try container.decodeIfPresent(String.self, forKey: .timeInForce)
    limitPrice = try amount(.limitPrice)
    stopPrice = try amount(.stopPrice)
    trail = try amount(.trail)
    clientOrderID = try container.decodeIfPresent(String.self, forKey: .clientOrderID)
  }

  /// Raven's replacement of `order`.
  func replacement(of order: Order) throws -> OrderReplacement {
    let timeInForce = try timeInForce.map { text in
      guard let value = TimeInForce(rawValue: text.lowercased()) else {
        throw AlpacaError.unprocessable("invalid time_in_force: \(text)")
      }
      return value
    }
    let inPercent = order.trailPercent != nil
    return OrderReplacement(
      qty: qty.map(Quantity.init(exact:)), limitPrice: limitPrice.map(Price.init(exact:)),
      stopPrice: stopPrice.map(Price.init(exact:)),
      trailPrice: inPercent ? nil : trail.map(Price.init(exact:)),
      trailPercent: inPercent ? trail : nil, timeInForce: timeInForce,
      clientOrderID: clientOrderID)
  }
}
