/// An order (`/v2/orders`, a trade update's `order`). Alpaca writes every key, `null` where
/// there is no value; beyond the id, symbol, side and status, a reader takes each field
/// leniently, so that an order it cannot fully describe (a crypto pair, an options leg)
/// still reads.
public struct AlpacaOrder: Codable, Hashable, Sendable {
  public var id: String
  @Lenient public var clientOrderId: String?
  @Lenient public var createdAt: AlpacaTime?
  @Lenient public var updatedAt: AlpacaTime?
  @Lenient public var submittedAt: AlpacaTime?
  @Lenient public var filledAt: AlpacaTime?
  @Lenient public var expiredAt: AlpacaTime?
  @Lenient public var canceledAt: AlpacaTime?
  @Lenient public var failedAt: AlpacaTime?
  @Lenient public var replacedAt: AlpacaTime?
  @Lenient public var replacedBy: String?
  @Lenient public var replaces: String?
  @Lenient public var assetId: String?
  public var symbol: String
  @Lenient public var assetClass: String?
  /// Dollars of a notional order (`qty` is then `null` until it fills).
  @Lenient public var notional: AlpacaAmount?
  @Lenient public var qty: AlpacaAmount?
  @Lenient public var filledQty: AlpacaAmount?
  @Lenient public var filledAvgPrice: AlpacaAmount?
  @Lenient public var orderClass: String?
  /// `type` under its older name.
  @Lenient public var orderType: String?
  @Lenient public var type: String?
  public var side: String
  @Lenient public var timeInForce: String?
  @Lenient public var limitPrice: AlpacaAmount?
  @Lenient public var stopPrice: AlpacaAmount?
  public var status: String
  @Lenient public var extendedHours: Bool?
  @Lenient public var legs: [AlpacaOrder]?
  @Lenient public var trailPercent: AlpacaAmount?
  @Lenient public var trailPrice: AlpacaAmount?
  /// A trailing stop's high-water mark.
  @Lenient public var hwm: AlpacaAmount?
  /// `buy_to_open`, `buy_to_close`, `sell_to_open` or `sell_to_close`.
  @Lenient public var positionIntent: String?

  public init(id: String, symbol: String, side: String, status: String) {
    self.id = id
    self.symbol = symbol
    self.side = side
    self.status = status
  }
}

/// `POST /v2/orders`: `{"symbol","qty"|"notional","side","type","time_in_force",…}`, keys
/// without a value left out. Amounts as text (Raven's client) or numbers (alpaca-py).
public struct AlpacaOrderRequest: Codable, Hashable, Sendable {
  public var symbol: String
  public var qty: AlpacaAmount?
  public var notional: AlpacaAmount?
  public var side: String
  /// `market` when missing.
  public var type: String?
  /// `day` when missing.
  public var timeInForce: String?
  public var limitPrice: AlpacaAmount?
  public var stopPrice: AlpacaAmount?
  public var trailPrice: AlpacaAmount?
  public var trailPercent: AlpacaAmount?
  public var clientOrderId: String?
  public var extendedHours: Bool?
  public var orderClass: String?
  /// A bracket's, OTO's or OCO's exits.
  public var takeProfit: AlpacaTakeProfit?
  public var stopLoss: AlpacaStopLoss?
  /// A multi-leg options order's legs: Raven trades no options, so it only notes them.
  public var legs: AlpacaOpaque?

  public init(symbol: String, side: String) {
    self.symbol = symbol
    self.side = side
  }
}

/// `PATCH /v2/orders/{id}`: `trail` is in the order's own unit (dollars or percent).
public struct AlpacaReplaceRequest: Codable, Hashable, Sendable {
  public var qty: AlpacaAmount?
  public var timeInForce: String?
  public var limitPrice: AlpacaAmount?
  public var stopPrice: AlpacaAmount?
  public var trail: AlpacaAmount?
  public var clientOrderId: String?

  public init() {}
}

/// `take_profit` of a bracket, OTO or OCO: `{"limit_price"}`.
public struct AlpacaTakeProfit: Codable, Hashable, Sendable {
  public var limitPrice: AlpacaAmount?

  public init(limitPrice: AlpacaAmount?) { self.limitPrice = limitPrice }
}

/// `stop_loss` of a bracket, OTO or OCO: `{"stop_price", "limit_price"}` (a stop-limit
/// with a limit).
public struct AlpacaStopLoss: Codable, Hashable, Sendable {
  public var stopPrice: AlpacaAmount?
  public var limitPrice: AlpacaAmount?

  public init(stopPrice: AlpacaAmount?, limitPrice: AlpacaAmount? = nil) {
    self.stopPrice = stopPrice
    self.limitPrice = limitPrice
  }
}
