import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP

/// `POST /v2/orders` as Alpaca's SDKs send it: amounts as JSON numbers (alpaca-py) or
/// strings (Alpaca's reference), read exactly either way, never through `Double`.
extension AlpacaOrderRequest {
  /// Raven's order request; what Alpaca refuses with 422 is refused the same way.
  func request() throws -> OrderRequest {
    let (qty, notional, limitPrice, stopPrice, trailPrice, trailPercent) = (
      try qty.exact(), try notional.exact(), try limitPrice.exact(), try stopPrice.exact(),
      try trailPrice.exact(), try trailPercent.exact()
    )
    guard let side = TradeSide(rawValue: side.lowercased()) else {
      throw AlpacaError.unprocessable("invalid side: \(side)")
    }
    let type = type ?? "market"
    guard let type = OrderType(rawValue: type.lowercased()) else {
      throw AlpacaError.unprocessable("invalid order type: \(type)")
    }
    let timeInForce = timeInForce ?? "day"
    guard let timeInForce = TimeInForce(rawValue: timeInForce.lowercased()) else {
      throw AlpacaError.unprocessable("invalid time_in_force: \(timeInForce)")
    }
    guard let symbol = Symbol(symbol) else { throw AlpacaError.unprocessable("asset not found") }
    let orderClass = orderClass.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    // An options order's legs are refused, so a bot never believes Raven placed them.
    if legs != nil { throw OrderError.unsupportedOrderClass }
    let exits = try OrderExits.named(
      takeProfit: try takeProfit?.limitPrice.exact().map(Price.init(exact:)),
      takeProfitNamed: takeProfit != nil,
      stopLoss: try stopLoss?.stopPrice.exact().map(Price.init(exact:)),
      stopLimit: try stopLoss?.limitPrice.exact().map(Price.init(exact:)),
      stopLossNamed: stopLoss != nil)
    let limit = OrderRequest.entryLimit(
      limitPrice.map(Price.init(exact:)), orderClass: orderClass, exits: exits)
    return OrderRequest(
      symbol: symbol, side: side, type: type, qty: qty.map(Quantity.init(exact:)),
      notional: notional.map(Money.init(exact:)), limitPrice: limit,
      stopPrice: stopPrice.map(Price.init(exact:)), trailPrice: trailPrice.map(Price.init(exact:)),
      trailPercent: trailPercent, timeInForce: timeInForce,
      clientOrderID: clientOrderId, extendedHours: extendedHours ?? false, orderClass: orderClass,
      exits: exits)
  }
}

/// `PATCH /v2/orders/{id}`: `trail` is in the order's own unit (dollars or percent).
extension AlpacaReplaceRequest {
  /// Raven's replacement of `order`.
  func replacement(of order: Order) throws -> OrderReplacement {
    let (qty, limitPrice, stopPrice, trail) = (
      try qty.exact(), try limitPrice.exact(), try stopPrice.exact(), try trail.exact()
    )
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
      clientOrderID: clientOrderId)
  }
}

extension AlpacaOrderRequest: AlpacaAmountsBody {
  var amounts: [AlpacaAmount?] {
    [
      qty, notional, limitPrice, stopPrice, trailPrice, trailPercent, takeProfit?.limitPrice,
      stopLoss?.stopPrice, stopLoss?.limitPrice,
    ]
  }
}

extension AlpacaReplaceRequest: AlpacaAmountsBody {
  var amounts: [AlpacaAmount?] { [qty, limitPrice, stopPrice, trail] }
}
