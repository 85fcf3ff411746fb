import Foundation

/// An order as asked, before it is accepted: the fields and names of Alpaca's orders,
/// so that the Alpaca-compatible API maps them one to one.
public struct OrderRequest: Sendable, Hashable {
  /// Alpaca takes fractional quantities to 9 decimal places.
  public static let maximumQtyFractionDigits = 9
  /// A trail percent is under this: a trail of 100 % or more puts a sale's stop at or
  /// below zero, where it never triggers.
  public static let trailPercentLimit: ExactDecimal = 100
  /// Alpaca's limit on a client order ID.
  public static let maximumClientOrderIDLength = 128

  public var symbol: Symbol
  public var side: TradeSide
  public var type: OrderType
  /// Shares; exactly one of `qty` and `notional` is set.
  public var qty: Quantity?
  /// A dollar amount (market orders for the day only); the shares are the amount ÷ the
  /// fill price, rounded down to 9 places.
  public var notional: Money?
  public var limitPrice: Price?
  public var stopPrice: Price?
  /// A trailing stop's distance from the best price, in dollars…
  public var trailPrice: Price?
  /// …or in percent of it; exactly one of the two.
  public var trailPercent: ExactDecimal?
  public var timeInForce: TimeInForce
  /// The client's own ID for the order, unique per account.
  public var clientOrderID: String?
  /// Only `false`: extended hours are not simulated.
  public var extendedHours: Bool
  /// `simple` (or none), `bracket`, `oco` or `oto`, as the client wrote it.
  public var orderClass: String?
  /// A bracket's, OTO's or OCO's exits.
  public var exits: OrderExits?

  public init(
    symbol: Symbol, side: TradeSide, type: OrderType, qty: Quantity? = nil,
    notional: Money? = nil, limitPrice: Price? = nil, stopPrice: Price? = nil,
    trailPrice: Price? = nil, trailPercent: ExactDecimal? = nil, timeInForce: TimeInForce,
    clientOrderID: String? = nil, extendedHours: Bool = false, orderClass: String? = nil,
    exits: OrderExits? = nil
  ) {
    self.exits = exits
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
    self.clientOrderID = clientOrderID
    self.extendedHours = extendedHours
    self.orderClass = orderClass
  }

  /// Checks everything that can be checked without the market or the account, in the
  /// order a person fixes them: what the order is, how much, at what prices, for how long.
  public func validate() throws(OrderError) {
    _ = try kind
    if extendedHours { throw .unsupportedExtendedHours }
    if let clientOrderID,
      !(1...Self.maximumClientOrderIDLength).contains(clientOrderID.count)
        || clientOrderID.containsControlCharacters()
    {
      throw .invalidClientOrderID
    }
    try validateAmount()
    try validatePrices()
    try validateExits()
  }

  private func validateAmount() throws(OrderError) {
    switch (qty, notional) {
    case (let qty?, nil):
      guard qty.isPositive, qty <= AmountBounds.maximumQty,
        qty.exact.significantFractionDigits <= Self.maximumQtyFractionDigits
      else {
        throw .invalidQty
      }
      if !qty.isWhole, timeInForce != .day { throw .invalidTimeInForce }
    case (nil, let notional?):
      guard notional.isPositive, notional <= AmountBounds.maximumNotional,
        notional.exact.significantFractionDigits <= 2, type == .market
      else {
        throw .invalidNotional
      }
      if timeInForce != .day { throw .invalidTimeInForce }
      if notional < Self.minimumValue { throw .amountTooSmall }
    default:
      throw .invalidQty
    }
  }

  private func validatePrices() throws(OrderError) {
    if type.needsLimitPrice, limitPrice == nil { throw .missingLimitPrice }
    if type.needsStopPrice, stopPrice == nil { throw .missingStopPrice }
    if type == .trailingStop {
      switch (trailPrice, trailPercent) {
      case (let price?, nil) where price.isPositive: break
      case (nil, let percent?) where percent > .zero && percent < Self.trailPercentLimit: break
      default: throw .invalidTrail
      }
    }
    for price in [limitPrice, stopPrice, trailPrice].compactMap({ $0 }) {
      guard price.isPositive, price <= AmountBounds.maximumPrice else { throw .invalidPrice }
      guard Self.hasValidIncrement(price) else { throw .invalidPriceIncrement }
    }
  }

  /// Whether `price` is a whole number of its ticks (`Price.tickFractionDigits`).
  static func hasValidIncrement(_ price: Price) -> Bool {
    price.exact.significantFractionDigits <= price.tickFractionDigits
  }
}
