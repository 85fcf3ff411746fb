/// What a margin call closes: whole positions, the largest (by market value, either side)
/// first, until the equity covers the maintenance margin of what is left. Deterministic:
/// ties go to the symbol first in order.
public enum MarginCall {
  /// The client order ID prefix of the orders a margin call places, so that a bot (and
  /// the next check) can tell them: `margin-call-<minute>-<symbol>`.
  public static let clientOrderPrefix = "margin-call-"

  /// The positions to close when `figures` (of `cash` and `positions` at `prices`) are
  /// below maintenance; none when they are not. Closing a position at its price leaves
  /// the equity as it is and takes its requirement away.
  public static func liquidation(
    cash: Money, positions: [Position], prices: [Symbol: Price], terms: any SecurityTermsSource
  ) -> [Position] {
    let value = { (position: Position) in
      position.marketValue(at: prices[position.symbol] ?? position.averageCost)
    }
    var remaining = positions.filter { !$0.shares.isZero }.sorted {
      let (left, right) = (value($0).magnitude, value($1).magnitude)
      return left != right ? left > right : $0.symbol < $1.symbol
    }
    var cash = cash
    var closing: [Position] = []
    while !remaining.isEmpty,
      MarginFigures(cash: cash, positions: remaining, prices: prices, terms: terms)
        .isBelowMaintenance
    {
      let largest = remaining.removeFirst()
      cash += value(largest)
      closing.append(largest)
    }
    return closing
  }
}
