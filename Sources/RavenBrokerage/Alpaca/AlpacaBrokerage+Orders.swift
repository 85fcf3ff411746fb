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
      .post, "/v2/orders", body: Self.encode(OrderBody(request)), credentials: credentials,
      as: .submit(request.side), decoding: AlpacaTradingDecoding.OrderAnswer.self)
    return try AlpacaTradingDecoding.placedOrder(answer)
  }

  public func placedOrder(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  {
    let answer = try await send(
      .get, "/v2/orders/" + id.uuidString.lowercased(), credentials: credentials, as: .lookup,
      decoding: AlpacaTradingDecoding.OrderAnswer.self)
    return try AlpacaTradingDecoding.placedOrder(answer)
  }

  public func placedOrders(
    status: OrderListStatus, symbol: Symbol?, limit: Int, until: Date?,
    _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> [Order] {
    var query = [
      ("status", status.rawValue), ("limit", String(min(max(limit, 1), 500))),
      ("direction", "desc"),
    ]
    if let symbol { query.append(("symbols", symbol.rawValue)) }
    if let until { query.append(("until", AlpacaTradingDecoding.timestamp(until))) }
    let rows = try await send(
      .get, "/v2/orders", query: query, credentials: credentials, as: .read,
      decoding: [AlpacaTradingDecoding.OrderAnswer].self)
    // An order Raven cannot read (a crypto pair, an options leg) is left out rather than
    // failing the whole list.
    return rows.compactMap { try? AlpacaTradingDecoding.placedOrder($0) }
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
      body: Self.encode(ReplaceBody(request)), credentials: credentials,
      as: .replace(request.side), decoding: AlpacaTradingDecoding.OrderAnswer.self)
    return try AlpacaTradingDecoding.placedOrder(answer)
  }

  /// Sorted keys, so a request reads the same every time; strings only, so encoding
  /// cannot fail.
  static func encode(_ body: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return Array((try? encoder.encode(body)) ?? Data())
  }

  /// Alpaca's new order: `{"symbol","qty"|"notional","side","type","time_in_force",…}`.
  struct OrderBody: Encodable {
    var symbol: String
    var qty: String?
    var notional: String?
    var side: String
    var type: String
    var timeInForce: String
    var limitPrice: String?
    var stopPrice: String?
    var trailPrice: String?
    var trailPercent: String?
    var clientOrderID: String?

    init(_ request: OrderRequest) {
      symbol = request.symbol.rawValue
      qty = request.qty?.exact.trimmed.description
      notional = request.notional?.exact.trimmed.description
      side = request.side.rawValue
      type = request.type.rawValue
      timeInForce = request.timeInForce.rawValue
      limitPrice = request.limitPrice?.exact.trimmed.description
      stopPrice = request.stopPrice?.exact.trimmed.description
      trailPrice = request.trailPrice?.exact.trimmed.description
      trailPercent = request.trailPercent?.trimmed.description
      clientOrderID = request.clientOrderID
    }

    enum CodingKeys: String, CodingKey {
      case symbol, qty, notional, side, type
      case timeInForce = "time_in_force"
      case limitPrice = "limit_price"
      case stopPrice = "stop_price"
      case trailPrice = "trail_price"
      case trailPercent = "trail_percent"
      case clientOrderID = "client_order_id"
    }
  }

  /// Alpaca's replace: `{"qty","time_in_force","limit_price","stop_price","trail",
  /// "client_order_id"}`; `trail` is in the order's own unit (dollars or percent).
  struct ReplaceBody: Encodable {
    var qty: String?
    var timeInForce: String
    var limitPrice: String?
    var stopPrice: String?
    var trail: String?
    var clientOrderID: String?

    init(_ request: OrderRequest) {
      qty = request.qty?.exact.trimmed.description
      timeInForce = request.timeInForce.rawValue
      limitPrice = request.limitPrice?.exact.trimmed.description
      stopPrice = request.stopPrice?.exact.trimmed.description
      trail = (request.trailPrice?.exact ?? request.trailPercent)?.trimmed.description
      clientOrderID = request.clientOrderID
    }

    enum CodingKeys: String, CodingKey {
      case qty, trail
      case timeInForce = "time_in_force"
      case limitPrice = "limit_price"
      case stopPrice = "stop_price"
      case clientOrderID = "client_order_id"
    }
  }

  /// A 204's empty body, or whatever a 200 carries: nothing of it is read.
  struct EmptyAnswer: Decodable {
    init() {}
    init(from decoder: any Decoder) throws {}
  }
}
