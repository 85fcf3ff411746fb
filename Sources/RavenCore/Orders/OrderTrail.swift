/// How far a trailing stop follows the best price: a fixed amount or a percentage of it.
public enum OrderTrail: Sendable, Hashable {
  case price(Price)
  case percent(ExactDecimal)

  /// The stop price for a trailing stop whose best price so far is `mark`: below it for a
  /// sell, above it for a buy, in the price's increment.
  public func stop(from mark: Price, side: TradeSide) -> Price {
    let distance: ExactDecimal =
      switch self {
      case .price(let price): price.exact
      case .percent(let percent): mark.exact * percent.divided(by: 100, fractionDigits: 6)!
      }
    let stop = side == .sell ? mark.exact - distance : mark.exact + distance
    // Rounded toward the mark, so the stop never sits farther away than asked.
    let rounding: DecimalRounding = side == .sell ? .awayFromZero : .towardZero
    return Price(exact: stop.rounded(toFractionDigits: mark.tickFractionDigits, rounding: rounding))
  }
}
