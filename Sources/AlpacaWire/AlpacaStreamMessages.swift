/// A message of the trading stream (`/stream`): `{"stream": "trade_updates", "data": {...}}`.
public struct AlpacaStreamMessage<Payload: Codable & Hashable & Sendable>: Codable, Hashable,
  Sendable
{
  public var stream: String
  public var data: Payload

  public init(stream: String, data: Payload) {
    self.stream = stream
    self.data = data
  }
}

/// `authorization`'s data: `{"action": "authenticate", "status": "authorized"}`.
public struct AlpacaStreamAuthorization: Codable, Hashable, Sendable {
  public var action: String
  public var status: String

  public init(action: String, status: String) {
    self.action = action
    self.status = status
  }
}

/// `listening`'s data: `{"streams": ["trade_updates"]}`.
public struct AlpacaStreamListening: Codable, Hashable, Sendable {
  public var streams: [String]

  public init(streams: [String]) { self.streams = streams }
}

/// `error`'s data: `{"error": "invalid syntax"}`.
public struct AlpacaStreamError: Codable, Hashable, Sendable {
  public var error: String

  public init(error: String) { self.error = error }
}

/// `trade_updates`' data: what happened to an order (`new`, `fill`, `partial_fill`,
/// `canceled`…), the order as it is now, and for a fill its price, shares and id.
public struct AlpacaTradeUpdate: Codable, Hashable, Sendable {
  public var event: String
  public var order: AlpacaOrder
  public var timestamp: AlpacaTime
  public var price: AlpacaAmount?
  public var qty: AlpacaAmount?
  public var executionId: String?
  public var positionQty: AlpacaAmount?

  public init(event: String, order: AlpacaOrder, timestamp: AlpacaTime) {
    self.event = event
    self.order = order
    self.timestamp = timestamp
  }
}

/// A client's message to the trading stream: `{"action": "authenticate", "data":
/// {"key_id", "secret_key"}}`, `{"action": "listen", "data": {"streams": [...]}}`, or the
/// data stream's flat `{"action": "auth", "key", "secret"}`. All but the action is read
/// leniently.
public struct AlpacaStreamRequest: Codable, Hashable, Sendable {
  public var action: String
  @Lenient public var data: Fields?
  @Lenient public var key: String?
  @Lenient public var secret: String?

  public struct Fields: Codable, Hashable, Sendable {
    @Lenient public var keyId: String?
    @Lenient public var secretKey: String?
    @Lenient public var streams: [String]?

    public init(keyId: String?, secretKey: String?, streams: [String]?) {
      self.keyId = keyId
      self.secretKey = secretKey
      self.streams = streams
    }
  }

  public init(action: String, data: Fields?) {
    self.action = action
    self.data = data
  }
}
