import Foundation
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenStore

/// Orders of every type: placed, listed, read and canceled through the user's account.
struct OrdersController {
  let accounts: AccountDirectory

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/orders", use: place)
    group.get("/orders", use: list)
    group.get("/orders/{id}", use: show)
    group.delete("/orders/{id}", use: cancel)
    group.patch("/orders/{id}", use: replace)
  }

  @Sendable func place(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<Order>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      OrderRequestBody.self, from: request, context: context)
    let order = try await accounts.account(of: user, in: request).placeOrder(
      try Self.orderRequest(body))
    return JSONBody(order, status: .created)
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<OrdersPageBody>
  {
    let user = try context.requireUser()
    let query = request.uri.queryParameters
    let limit = try request.integer("limit", default: 50, range: 1...500)
    let status = try query["status"].map { text in
      guard let status = OrderListStatus(rawValue: String(text)) else {
        throw APIError.badRequest(
          "status must be open, closed or all", code: "invalid_status")
      }
      return status
    }
    let symbol = try query["symbol"].map { text in
      guard let symbol = Symbol(String(text)) else { throw OrderError.unknownSymbol }
      return symbol
    }
    let cursor = try query["before"].map { text in
      guard let sequence = Int64(String(text)) else {
        throw APIError.badRequest("before must be a cursor from nextCursor", code: "invalid_cursor")
      }
      return sequence
    }
    let page = try await accounts.account(of: user, in: request).orders(
      status: status ?? .all, symbol: symbol, limit: limit, before: cursor)
    return JSONBody(
      OrdersPageBody(orders: page.orders, nextCursor: page.nextCursor.map(String.init)))
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<Order>
  {
    let user = try context.requireUser()
    return JSONBody(
      try await accounts.account(of: user, in: request).order(id: try context.orderID()))
  }

  @Sendable func cancel(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    _ = try await accounts.account(of: user, in: request).cancelOrder(id: try context.orderID())
    return .noContent
  }

  @Sendable func replace(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<Order>
  {
    let user = try context.requireUser()
    let id = try context.orderID()
    let body = try await context.requestDecoder.decode(
      OrderReplaceBody.self, from: request, context: context)
    let order = try await accounts.account(of: user, in: request).replaceOrder(
      id: id, with: try Self.replacement(body))
    return JSONBody(order)
  }

  /// The body as RavenCore's replacement, amounts refused as `orderRequest` refuses them.
  static func replacement(_ body: OrderReplaceBody) throws -> OrderReplacement {
    let timeInForce = try body.timeInForce.map(Self.timeInForce)
    let trailPercent: Price? = try amount(body.trailPercent, .invalidTrail)
    return OrderReplacement(
      qty: try amount(body.qty, .invalidQty),
      limitPrice: try amount(body.limitPrice, .invalidPrice),
      stopPrice: try amount(body.stopPrice, .invalidPrice),
      trailPrice: try amount(body.trailPrice, .invalidTrail), trailPercent: trailPercent?.exact,
      timeInForce: timeInForce, clientOrderID: body.clientOrderId)
  }

  private static func timeInForce(_ text: String) throws -> TimeInForce {
    guard let value = TimeInForce(rawValue: text.lowercased()) else {
      throw APIError.validation(
        "invalid_time_in_force", "timeInForce must be day, gtc, opg, cls, ioc or fok")
    }
    return value
  }

  /// An amount's text as a decimal; text that is not one is refused with `refusal`.
  private static func amount<T: DecimalAmount>(_ text: String?, _ refusal: OrderError) throws
    -> T?
  {
    guard let text else { return nil }
    guard let exact = ExactDecimal(text) else { throw refusal }
    return T(exact: exact)
  }

  /// The body as RavenCore's order request; text that is not an amount is refused with
  /// the code of the field it was meant for.
  static func orderRequest(_ body: OrderRequestBody) throws -> OrderRequest {
    guard let side = TradeSide(rawValue: body.side.lowercased()) else {
      throw APIError.badRequest("side must be \"buy\" or \"sell\"", code: "invalid_side")
    }
    guard let type = OrderType(rawValue: body.type?.lowercased() ?? "market") else {
      throw APIError.validation(
        "invalid_order_type",
        "type must be market, limit, stop, stop_limit or trailing_stop")
    }
    let timeInForce = try timeInForce(body.timeInForce ?? "day")
    guard let symbol = Symbol(body.symbol) else { throw OrderError.unknownSymbol }
    let trailPercent: Price? = try amount(body.trailPercent, .invalidTrail)
    // An exit's price that is not one is the exits' own mistake.
    let exits = try OrderExits.named(
      takeProfit: amount(body.takeProfit?.limitPrice, .invalidExits),
      takeProfitNamed: body.takeProfit != nil,
      stopLoss: amount(body.stopLoss?.stopPrice, .invalidExits),
      stopLimit: amount(body.stopLoss?.limitPrice, .invalidExits),
      stopLossNamed: body.stopLoss != nil)
    let limitPrice = OrderRequest.entryLimit(
      try amount(body.limitPrice, .invalidPrice), orderClass: body.orderClass, exits: exits)
    return OrderRequest(
      symbol: symbol, side: side, type: type, qty: try amount(body.qty, .invalidQty),
      notional: try amount(body.notional, .invalidNotional),
      limitPrice: limitPrice,
      stopPrice: try amount(body.stopPrice, .invalidPrice),
      trailPrice: try amount(body.trailPrice, .invalidTrail),
      trailPercent: trailPercent?.exact, timeInForce: timeInForce,
      clientOrderID: body.clientOrderId, extendedHours: body.extendedHours ?? false,
      orderClass: body.orderClass?.lowercased(), exits: exits)
  }
}

extension RavenRequestContext {
  /// The order ID in the path; a malformed one is not found, like a missing one.
  func orderID() throws -> UUID {
    guard let text = parameters.get("id"), let id = UUID(uuidString: text) else {
      throw APIError.notFound
    }
    return id
  }
}
