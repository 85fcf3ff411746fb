/// Whether an order opens (or adds to) a position or closes one, and on which side:
/// Alpaca's `position_intent`. A sale of shares held closes a long position; a sale with
/// none held sells short; a buy while short covers.
public enum PositionIntent: String, Sendable, Hashable, Codable, CaseIterable {
  case buyToOpen = "buy_to_open"
  case buyToClose = "buy_to_close"
  case sellToOpen = "sell_to_open"
  case sellToClose = "sell_to_close"

  /// The intent of an order on `side` placed while the account holds `position` shares
  /// (negative when short).
  public init(_ side: TradeSide, holding position: Quantity) {
    switch side {
    case .buy: self = position.isNegative ? .buyToClose : .buyToOpen
    case .sell: self = position.isPositive ? .sellToClose : .sellToOpen
    }
  }

  /// The intent of an order stored before Raven kept one: accounts could not sell short
  /// then, so every buy opened and every sale closed.
  public static func assumed(for side: TradeSide) -> PositionIntent {
    side == .buy ? .buyToOpen : .sellToClose
  }

  /// Whether the order opens or adds to a position (and so needs buying power).
  public var opens: Bool { self == .buyToOpen || self == .sellToOpen }
}
