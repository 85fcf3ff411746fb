import Foundation

/// A bracket's, OTO's or OCO's exits: a take-profit limit and a stop-loss (a stop, or a
/// stop-limit with a limit beyond it).
public struct OrderExits: Sendable, Hashable {
  public var takeProfit: Price?
  public var stopLoss: StopLoss?

  public struct StopLoss: Sendable, Hashable {
    public var stopPrice: Price
    public var limitPrice: Price?

    public init(stopPrice: Price, limitPrice: Price? = nil) {
      self.stopPrice = stopPrice
      self.limitPrice = limitPrice
    }
  }

  public init(takeProfit: Price? = nil, stopLoss: StopLoss? = nil) {
    self.takeProfit = takeProfit
    self.stopLoss = stopLoss
  }
}

extension OrderExits {
  /// The exits a request names, from the prices it gives (`…Named`: whether it names the
  /// exit at all): one named without its price (a take-profit's limit, a stop-loss's stop)
  /// is refused; nil when it names neither.
  public static func named(
    takeProfit: Price?, takeProfitNamed: Bool, stopLoss: Price?, stopLimit: Price?,
    stopLossNamed: Bool
  ) throws(OrderError) -> OrderExits? {
    if takeProfitNamed, takeProfit == nil { throw .invalidExits }
    if stopLossNamed, stopLoss == nil { throw .invalidExits }
    guard takeProfit != nil || stopLoss != nil else { return nil }
    return OrderExits(
      takeProfit: takeProfit,
      stopLoss: stopLoss.map { StopLoss(stopPrice: $0, limitPrice: stopLimit) })
  }
}

extension OrderRequest {
  /// The limit an order is placed at: its own, or, for an OCO that leaves it out (alpaca-py
  /// does), its take-profit's.
  public static func entryLimit(_ limit: Price?, orderClass: String?, exits: OrderExits?)
    -> Price?
  {
    limit ?? (orderClass?.lowercased() == OrderClass.oco.rawValue ? exits?.takeProfit : nil)
  }

  /// The order's class; an unknown one is refused.
  public var kind: OrderClass {
    get throws(OrderError) {
      guard let text = orderClass?.lowercased(), !text.isEmpty else { return .simple }
      guard let kind = OrderClass(rawValue: text) else { throw .unsupportedOrderClass }
      return kind
    }
  }

  /// A bracket needs both exits, an OTO one of them, an OCO both (its take-profit is the
  /// order's own limit); each for whole shares, entered at the market or a limit, for the
  /// day or until canceled, its take-profit on the profitable side of its stop-loss. A
  /// simple order has no exits.
  func validateExits() throws(OrderError) {
    let kind = try kind
    guard kind != .simple else {
      if exits != nil { throw .invalidExits }
      return
    }
    guard let exits, qty?.isWhole == true, notional == nil,
      [.day, .gtc].contains(timeInForce)
    else { throw .invalidExits }
    switch kind {
    case .simple: break
    case .bracket, .oco:
      guard exits.takeProfit != nil, exits.stopLoss != nil else { throw .invalidExits }
    case .oto:
      guard (exits.takeProfit != nil) != (exits.stopLoss != nil) else { throw .invalidExits }
    }
    if kind == .oco {
      guard type == .limit, limitPrice == nil || limitPrice == exits.takeProfit else {
        throw .invalidExits
      }
    } else {
      guard type == .market || type == .limit else { throw .invalidExits }
    }
    for price in [exits.takeProfit, exits.stopLoss?.stopPrice, exits.stopLoss?.limitPrice] {
      guard let price else { continue }
      guard price.isPositive, price <= AmountBounds.maximumPrice else { throw .invalidPrice }
      guard Self.hasValidIncrement(price) else { throw .invalidPriceIncrement }
    }
    // The exits sell a long position (a buy's) or buy back a short one (a sale's).
    let exitSide: TradeSide = kind == .oco ? side : (side == .buy ? .sell : .buy)
    if let profit = exits.takeProfit, let loss = exits.stopLoss {
      guard exitSide == .sell ? profit > loss.stopPrice : profit < loss.stopPrice else {
        throw .invalidExits
      }
    }
    if let loss = exits.stopLoss, let limit = loss.limitPrice {
      guard exitSide == .sell ? limit <= loss.stopPrice : limit >= loss.stopPrice else {
        throw .invalidExits
      }
    }
  }

  /// A bracket's or OTO's exits against the price the entry is placed at (its limit, or the
  /// market's price for a market entry), as Alpaca checks them: a take-profit at least a
  /// cent on the profitable side of it, a stop-loss at least a cent on the other
  /// (`exitAcrossEntry`).
  public func checkExits(at current: Price) throws(OrderError) {
    let kind = try kind
    guard let exits, kind == .bracket || kind == .oto else { return }
    let base = type == .limit ? limitPrice ?? current : current
    let cent = Price(cents: 1)
    if let profit = exits.takeProfit {
      guard side == .buy ? profit >= base + cent : profit <= base - cent else {
        throw .exitAcrossEntry
      }
    }
    if let loss = exits.stopLoss {
      guard side == .buy ? loss.stopPrice <= base - cent : loss.stopPrice >= base + cent else {
        throw .exitAcrossEntry
      }
    }
  }

  /// The orders a bracket, OTO or OCO places beside `order` (placed from this request):
  /// its exits, each for the order's shares, on the other side (an OCO's stop-loss on the
  /// same side as its take-profit, the order itself), for the order's time in force. A
  /// bracket's and an OTO's wait (`held`) for the order to fill; an OCO's is active at once.
  /// A stop-loss beside a take-profit holds no shares of its own (`sharesHeldByPair`).
  public func legs(of order: Order, ids: () -> UUID) throws(OrderError) -> [Order] {
    let kind = try kind
    guard kind != .simple, let exits, let qty else { return [] }
    let exitSide: TradeSide = kind == .oco ? side : (side == .buy ? .sell : .buy)
    let intent: PositionIntent = exitSide == .sell ? .sellToClose : .buyToClose
    let status: OrderStatus = kind == .oco ? .new : .held
    func leg(_ request: OrderRequest) -> Order {
      let id = ids()
      var leg = Order(
        id: id, clientOrderID: id.uuidString.lowercased(), request: request, status: status,
        submittedAt: order.submittedAt)
      leg.orderClass = kind
      leg.parentID = order.id
      leg.positionIntent = intent
      return leg
    }
    var legs: [Order] = []
    if kind != .oco, let profit = exits.takeProfit {
      legs.append(
        leg(
          OrderRequest(
            symbol: symbol, side: exitSide, type: .limit, qty: qty, limitPrice: profit,
            timeInForce: timeInForce)))
    }
    if let loss = exits.stopLoss {
      var stop = leg(
        OrderRequest(
          symbol: symbol, side: exitSide, type: loss.limitPrice == nil ? .stop : .stopLimit,
          qty: qty, limitPrice: loss.limitPrice, stopPrice: loss.stopPrice,
          timeInForce: timeInForce))
      stop.sharesHeldByPair = exits.takeProfit != nil ? true : nil
      legs.append(stop)
    }
    return legs
  }
}
