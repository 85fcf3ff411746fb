/// Alpaca's error answer, the only error body its SDKs read:
/// `{"code": 40310000, "message": "insufficient buying power"}`. A reader needs neither.
public struct AlpacaErrorBody: Codable, Hashable, Sendable {
  @Lenient public var code: Int?
  public var message: String?

  public init(code: Int, message: String) {
    self.code = code
    self.message = message
  }
}

/// One order's outcome in `DELETE /v2/orders` (207): `{"id", "status", "body"}`, `status`
/// the HTTP status for that order.
public struct AlpacaCancelResult: Codable, Hashable, Sendable {
  public var id: String
  public var status: Int
  public var body: AlpacaResultBody?

  public init(id: String, status: Int, body: AlpacaResultBody?) {
    self.id = id
    self.status = status
    self.body = body
  }
}

/// One position's outcome in `DELETE /v2/positions` (207):
/// `{"symbol", "status", "order_id", "body"}`, `order_id` only for an order placed.
public struct AlpacaCloseResult: Codable, Hashable, Sendable {
  public var symbol: String
  public var status: Int
  public var orderId: String?
  public var body: AlpacaResultBody?

  public init(symbol: String, status: Int, orderId: String?, body: AlpacaResultBody?) {
    self.symbol = symbol
    self.status = status
    self.orderId = orderId
    self.body = body
  }
}

/// A result's `body`: the order, or the error that refused it.
public enum AlpacaResultBody: Codable, Hashable, Sendable {
  case order(AlpacaOrder)
  case error(AlpacaErrorBody)

  public init(from decoder: any Decoder) throws {
    if let order = try? AlpacaOrder(from: decoder) {
      self = .order(order)
    } else {
      self = .error(try AlpacaErrorBody(from: decoder))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .order(let order): try order.encode(to: encoder)
    case .error(let error): try error.encode(to: encoder)
    }
  }
}
