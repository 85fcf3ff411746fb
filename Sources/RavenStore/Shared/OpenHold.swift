import Foundation
import RavenCore

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
  /// The price per share an open buy holds cash at (`OrderHold.price`).
  public var holdPrice: Price

  public init(
    orderID: UUID, symbol: Symbol, side: TradeSide, remaining: Quantity?, notional: Money?,
    holdPrice: Price
  ) {
    self.orderID = orderID
    self.symbol = symbol
    self.side = side
    self.remaining = remaining
    self.notional = notional
    self.holdPrice = holdPrice
  }

  /// The cash it holds (zero for a sale).
  public var cash: Money {
    guard side == .buy else { return .zero }
    return OrderHold.cash(remaining: remaining, notional: notional, holdPrice: holdPrice)
  }

  /// The shares it holds (zero for a buy).
  public var shares: Quantity {
    side == .sell ? remaining ?? .zero : .zero
  }
}

extension StoredOrder {
  /// What this order holds while open.
  public var hold: OpenHold {
    OpenHold(
      orderID: order.id, symbol: order.symbol, side: order.side, remaining: order.remainingQty,
      notional: order.notional, holdPrice: holdPrice)
  }
}

extension OpenHold {
  /// A hold from an open order's row: its ID, symbol, side and hold price columns, and the
  /// `qty`, `filledQty` and `notional` of its body as text (as `Order` encodes them).
  static func stored(
    id: String, symbol: String, side: String, holdPrice: String, qty: String?,
    filledQty: String?, notional: String?
  ) throws(StoreError) -> OpenHold {
    guard let orderID = UUID(uuidString: id) else { throw StoredValue.corrupt("id", id) }
    // Every order's body has its filled quantity, as its decoder requires.
    guard let filledQty else { throw StoredValue.corrupt("body.filledQty", "null") }
    let filled = try StoredValue.quantity(filledQty, "body.filledQty")
    return OpenHold(
      orderID: orderID, symbol: try StoredValue.symbol(symbol, "symbol"),
      side: try StoredValue.side(side),
      remaining: try qty.map { text throws(StoreError) in
        try StoredValue.quantity(text, "body.qty") - filled
      },
      notional: try notional.map { text throws(StoreError) in
        try StoredValue.money(text, "body.notional")
      },
      holdPrice: try StoredValue.price(holdPrice, "hold_price"))
  }
}
