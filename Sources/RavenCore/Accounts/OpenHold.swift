import Foundation

/// What one open order holds of its account, from the few fields a hold depends on.
///
/// A trade, a placement and a fill each check what the account's other open orders hold;
/// the stores read just these fields from the orders' rows (the remaining quantities with
/// the database's own JSON functions) rather than decoding every open order's whole body
/// inside the write transaction, which cost a `JSONDecoder` pass per open order.
public struct OpenHold: Sendable, Hashable {
  public var orderID: UUID
  public var symbol: Symbol
  public var side: TradeSide
  /// Shares still to fill; nil for a notional order that has not filled yet.
  public var remaining: Quantity?
  public var notional: Money?
  /// The price per share an opening order holds buying power at (`OrderHold.price`).
  public var holdPrice: Price
  /// Whether it opens a position (and holds buying power) or closes one (and holds shares).
  public var intent: PositionIntent
  /// An exit waiting for its entry (`held`), or a stop-loss whose take-profit holds their
  /// shares: it holds nothing of its own.
  public var holdsNothing: Bool

  public init(
    orderID: UUID, symbol: Symbol, side: TradeSide, remaining: Quantity?, notional: Money?,
    holdPrice: Price, intent: PositionIntent? = nil, holdsNothing: Bool = false
  ) {
    self.intent = intent ?? .assumed(for: side)
    self.holdsNothing = holdsNothing
    self.orderID = orderID
    self.symbol = symbol
    self.side = side
    self.remaining = remaining
    self.notional = notional
    self.holdPrice = holdPrice
  }

  /// The buying power it holds, in cash: an order that opens a position (a buy, or a
  /// short sale); zero for one that closes a position.
  public var cash: Money {
    guard intent.opens, !holdsNothing else { return .zero }
    return OrderHold.cash(remaining: remaining, notional: notional, holdPrice: holdPrice)
  }

  /// The shares it holds: those a closing order sells (of a long position) or buys back
  /// (of a short one); zero for an opening order.
  public var shares: Quantity {
    intent.opens || holdsNothing ? .zero : remaining ?? .zero
  }
}

extension Sequence<OpenHold> {
  /// The cash these orders hold, together.
  public var heldCash: Money { reduce(.zero) { $0 + $1.cash } }

  /// The shares of `symbol` these orders hold, together: what closing orders will sell
  /// or buy back of its position.
  public func heldShares(of symbol: Symbol) -> Quantity {
    reduce(.zero) { $0 + ($1.symbol == symbol ? $1.shares : .zero) }
  }
}

extension StoredOrder {
  /// What this order holds while open.
  public var hold: OpenHold {
    OpenHold(
      orderID: order.id, symbol: order.symbol, side: order.side, remaining: order.remainingQty,
      notional: order.notional, holdPrice: holdPrice, intent: order.intent,
      holdsNothing: order.status == .held || order.sharesHeldByPair == true)
  }
}
