import Foundation

/// How far from the last price a market order buys and sells: the half-spread between a
/// quote's bid and ask, on a market that models one (the simulated market).
///
/// On an exchange the spread is about the price's move from one trade to the next
/// (Wyart, Bouchaud et al. 2008): it widens when the price moves fast and narrows when
/// trades come thick. A minute's range stands for how fast its price moves, and its
/// volume in round lots of 100 shares for how many trades it holds, so the half-spread is
/// `range ÷ √trades`, rounded to the tick and at least one. Measured on the simulated
/// market (BENCHMARKS.md): a cent either side nearly all day for Apple or Coca-Cola, a
/// few cents for IBM, about a dollar for AutoZone's $2,900 shares that trade a few lots a
/// minute, as on the exchange.
public enum MinuteSpread {
  /// Shares per trade: the round lot.
  static let sharesPerTrade: Int64 = 100

  /// The half-spread quoted through the minute `bar` covers.
  public static func halfSpread(of bar: Bar) -> Price {
    // In cents once any of the minute trades at a dollar or more: never a sub-penny quote
    // above a dollar.
    let tick = bar.high.tick
    let trades = max(1, bar.volume / sharesPerTrade)
    let range = bar.high.exact - bar.low.exact
    let half =
      range.divided(
        by: ExactDecimal(Int(integerSquareRoot(trades))), fractionDigits: tick.exact.fractionDigits)
      ?? .zero
    return max(Price(exact: half), tick)
  }

  /// The bid and ask around `price` in the minute `bar` covers: the half-spread either
  /// side, the bid at least one tick.
  public static func bidAsk(around price: Price, in bar: Bar) -> (bid: Price, ask: Price) {
    let half = halfSpread(of: bar)
    let tick = price.tick
    // A half-spread in hundredths of a cent is rounded up to the cent at a dollar or more.
    let side = Price(
      exact: half.exact.rounded(
        toFractionDigits: tick.exact.fractionDigits, rounding: .awayFromZero))
    return (max(price - side, tick), price + side)
  }

  /// `⌊√n⌋`, exact (a `Double` square root can be one off for large `n`).
  static func integerSquareRoot(_ value: Int64) -> Int64 {
    var root = Int64(Double(value).squareRoot())
    while root * root > value { root -= 1 }
    while (root + 1) * (root + 1) <= value { root += 1 }
    return root
  }
}
