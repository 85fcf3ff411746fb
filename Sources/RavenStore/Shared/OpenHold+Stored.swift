import Foundation
import RavenCore

extension OpenHold {
  /// A hold from an open order's row: its ID, symbol, side and hold price columns, and the
  /// `qty`, `filledQty`, `notional` and `positionIntent` of its body as text (as `Order`
  /// encodes them).
  package static func stored(
    id: String, symbol: String, side: String, holdPrice: String, qty: String?,
    filledQty: String?, notional: String?, intent: String? = nil, status: String? = nil,
    sharesHeldByPair: Bool? = nil
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
      holdPrice: try StoredValue.price(holdPrice, "hold_price"),
      intent: try intent.map { text throws(StoreError) in
        guard let intent = PositionIntent(rawValue: text) else {
          throw StoredValue.corrupt("body.positionIntent", text)
        }
        return intent
      },
      holdsNothing: status == OrderStatus.held.rawValue || sharesHeldByPair == true)
  }
}
