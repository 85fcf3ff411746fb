import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenStore

/// Orders of every type through `/v2/orders`: Raven's `OrderRequest` has Alpaca's fields,
/// so they travel as they are, amounts as exact decimal text.
extension AlpacaBrokerage {
  public func placeOrder(_ request: OrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  {
    let answer = try await send(
      .post, "/v2/orders", body: Self.encode(AlpacaOrderRequest(request)), credentials: credentials,
      as: .submit(request.side), decoding: AlpacaOrder.self)
    return try AlpacaTradingDecoding.order(answer)
  }

  public func order(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  {
    let answer = try await send(
      .get, "/v2/orders/" + id.uuidString.lowercased(), credentials: credentials, as: .lookup,
      decoding: AlpacaOrder.self)
    return try AlpacaTradingDecoding.order(answer)
  }

  public func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order?
  {
    do {
      let answer = try await send(
        .get, "/v2/orders:by_client_order_id", query: [("client_order_id", clientOrderID)],
        credentials: credentials, as: .lookup, decoding: AlpacaOrder.self)
      return try AlpacaTradingDecoding.order(answer)
    } catch .notFound {
      return nil
    }
  }

  public func orders(
    status: OrderListStatus, symbol: Symbol?, limit: Int, until: Date?,
    _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> [Order] {
    var query = [
      ("status", status.rawValue), ("limit", String(min(max(limit, 1), 500))),
      ("direction", "desc"),
    ]
    if let symbol { query.append(("symbols", symbol.rawValue)) }
    if let until { query.append(("until", Self.until(until))) }
    let rows = try await send(
      .get, "/v2/orders", query: query, credentials: credentials, as: .read,
      decoding: [AlpacaOrder].self)
    // An order Raven cannot read (a crypto pair, an options leg) is left out rather than
    // failing the whole list.
    return rows.compactMap { try? AlpacaTradingDecoding.order($0) }
  }

  public func cancelOrder(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError)
  {
    _ = try await send(
      .delete, "/v2/orders/" + id.uuidString.lowercased(), credentials: credentials,
      as: .change, decoding: EmptyAnswer.self)
  }

  public func replaceOrder(
    id: UUID, with request: OrderRequest, _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> Order {
    let answer = try await send(
      .patch, "/v2/orders/" + id.uuidString.lowercased(),
      body: Self.encode(AlpacaReplaceRequest(request)), credentials: credentials,
      as: .replace(request.side), decoding: AlpacaOrder.self)
    return try AlpacaTradingDecoding.order(answer)
  }

  /// Sorted keys, so a request reads the same every time; strings only, so encoding
  /// cannot fail.
  static func encode(_ body: some Encodable) -> [UInt8] {
    Array((try? AlpacaJSON.encode(body, sortingKeys: true)) ?? Data())
  }

  /// `2026-11-20T18:00:00.123456Z`: what Alpaca's `until` accepts, to the microsecond,
  /// so that a page's last order can be the next page's exclusive bound.
  static func until(_ date: Date) -> String {
    AlpacaTime(date, .microseconds, rounding: .toNearestOrAwayFromZero).rawValue
  }

  /// A 204's empty body, or whatever a 200 carries: nothing of it is read.
  struct EmptyAnswer: Decodable {
    init() {}
    init(from decoder: any Decoder) throws {}
  }
}

extension AlpacaOrderRequest {
  /// Raven's order request as Alpaca's new order: Raven's `OrderRequest` has Alpaca's
  /// fields, so they travel as they are, amounts as exact decimal text.
  init(_ request: OrderRequest) {
    self.init(symbol: request.symbol.rawValue, side: request.side.rawValue)
    qty = request.qty.map { AlpacaAmount($0.exact) }
    notional = request.notional.map { AlpacaAmount($0.exact) }
    type = request.type.rawValue
    timeInForce = request.timeInForce.rawValue
    limitPrice = request.limitPrice.map { AlpacaAmount($0.exact) }
    stopPrice = request.stopPrice.map { AlpacaAmount($0.exact) }
    trailPrice = request.trailPrice.map { AlpacaAmount($0.exact) }
    trailPercent = request.trailPercent.map(AlpacaAmount.init)
    clientOrderId = request.clientOrderID
  }
}

extension AlpacaReplaceRequest {
  /// Alpaca's replace of an order with `request`; `trail` is in the order's own unit
  /// (dollars or percent).
  init(_ request: OrderRequest) {
    self.init()
    qty = request.qty.map { AlpacaAmount($0.exact) }
    timeInForce = request.timeInForce.rawValue
    limitPrice = request.limitPrice.map { AlpacaAmount($0.exact) }
    stopPrice = request.stopPrice.map { AlpacaAmount($0.exact) }
    trail = (request.trailPrice?.exact ?? request.trailPercent).map(AlpacaAmount.init)
    clientOrderId = request.clientOrderID
  }
}
