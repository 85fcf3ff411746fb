/// What an open order holds of the account: cash for a buy (so two orders cannot spend
/// the same dollars), shares for a sale (so two cannot sell the same shares).
public enum OrderHold {
  /// The margin on a market or stop buy's price, for the price moving before it fills.
  public static let marketMargin = ExactDecimal(units: 102, fractionDigits: 2)

  /// What a short sale is held at above the current price, as Alpaca does (3 %).
  public static let shortMargin = ExactDecimal(units: 103, fractionDigits: 2)

  /// The price per share an opening order holds buying power at. A buy: its limit, or for
  /// an order without one the higher of the current price and its stop, with a 2 %
  /// margin. A short sale: the higher of its limit and 3 % above the current price.
  public static func price(
    type: OrderType, limitPrice: Price?, stopPrice: Price?, current: Price,
    intent: PositionIntent = .buyToOpen
  ) -> Price {
    if intent == .sellToOpen {
      let above = Price(exact: (current.exact * shortMargin).rounded(toFractionDigits: 4))
      return max(limitPrice ?? above, above)
    }
    if type.needsLimitPrice, let limitPrice { return limitPrice }
    let base = max(current, stopPrice ?? current)
    return Price(exact: (base.exact * marketMargin).rounded(toFractionDigits: 4))
  }

  /// The cash a buy holds for `remaining` shares at `holdPrice` (rounded up to the cent),
  /// or its whole dollar amount while a notional order has not filled.
  public static func cash(remaining: Quantity?, notional: Money?, holdPrice: Price) -> Money {
    guard let remaining else { return notional ?? .zero }
    return (holdPrice * remaining).rounded(toFractionDigits: 2, rounding: .awayFromZero)
  }
}
