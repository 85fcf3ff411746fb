/// What a corporate action does to a holder's books: a split to a position's shares, a
/// dividend to its cash. Pure arithmetic: where and when it is booked is the store's.
extension SplitRatio {
  /// `shares` after the split: × new ÷ old, exact for a forward split of n:1; a reverse
  /// split's fraction is kept to the ninth decimal (rounded toward zero), as Raven trades
  /// fractions.
  public func shares(_ shares: Quantity) -> Quantity {
    let multiplied = shares.exact * ExactDecimal(new)
    let divided =
      multiplied.divided(
        by: ExactDecimal(old), fractionDigits: Quantity.maximumFractionDigits,
        rounding: .towardZero) ?? multiplied
    return Quantity(exact: divided.trimmed)
  }

  /// `price` after the split: × old ÷ new, rounded down to the price's tick (a cent, or a
  /// hundredth of a cent under $1), as FINRA Rule 5330 re-prices open orders.
  public func price(_ price: Price) -> Price {
    let scaled = price.exact * ExactDecimal(old)
    let exact =
      scaled.divided(by: ExactDecimal(new), fractionDigits: 4, rounding: .towardZero) ?? scaled
    return Price.roundedDownToTick(Price(exact: exact))
  }
}

extension Price {
  /// Down to a whole tick (`tickFractionDigits`).
  public static func roundedDownToTick(_ price: Price) -> Price {
    let rounded = price.exact.rounded(
      toFractionDigits: price.tickFractionDigits, rounding: .towardZero)
    // Printed in cents unless the tick needs more: 0.5 as 0.50, 0.1234 as is.
    return Price(
      exact: rounded.rounded(toFractionDigits: max(2, rounded.significantFractionDigits)))
  }
}

extension Position {
  /// The position after a split at its ex-date's open: shares × the ratio (a short's too),
  /// the total cost unchanged, so the average cost divides by the ratio.
  public func split(_ ratio: SplitRatio) -> Position {
    Position(symbol: symbol, shares: ratio.shares(shares), totalCost: totalCost)
  }

  /// A dividend of `rate` per share on this position, held at the record date: shares ×
  /// rate rounded down to the cent, paid to a long position and owed by a short one.
  public func dividend(rate: Price) -> Money {
    let owed = (rate * shares.magnitude).rounded(toFractionDigits: 2, rounding: .towardZero)
    return isShort ? -owed : owed
  }
}

extension GoalAllocation {
  /// The allocation after `symbol` splits by `ratio`: its shares × the ratio, as the
  /// position's; a percentage of the holding and other symbols' stay.
  public func split(_ symbol: Symbol, _ ratio: SplitRatio) -> GoalAllocation {
    guard self.symbol == symbol, case .shares(let shares) = amount else { return self }
    return GoalAllocation(symbol: symbol, amount: .shares(ratio.shares(shares)))
  }
}
