import Foundation

/// Reads the number of shares a person typed into the trade sheet.
public enum ShareAmount {
  /// More shares than any one order could sensibly hold; larger input is a typo.
  public static let maximum = AmountBounds.maximumQty

  /// Parses `text` as a share count for `side`.
  ///
  /// - Throws: `TradeError.invalidAmount` for text that is not a plain decimal number,
  ///   has more than `Quantity.maximumFractionDigits` fraction digits or is absurdly large;
  ///   `nonPositiveBuy` / `nonPositiveSell` for zero or a negative number.
  public static func parse(_ text: String, side: TradeSide) throws(TradeError) -> Quantity {
    guard let exact = ExactDecimal(text),
      exact.fractionDigits <= Quantity.maximumFractionDigits
    else { throw .invalidAmount }
    let shares = Quantity(exact: exact)
    guard shares.isPositive else {
      throw side == .buy ? .nonPositiveBuy : .nonPositiveSell
    }
    guard shares <= maximum else { throw .invalidAmount }
    return shares
  }
}
