import Foundation

extension ExactDecimal {
  /// `value` printed with the fraction digits it holds: what `JSONDecoder` reads from a JSON
  /// number (`187.95`, `1e-7` → `0.0000001`, `1.2E+3` → `1200`).
  ///
  /// `Decimal` keeps a number's value, not how it was written: `187.9500` arrives as
  /// `187.95`, so the result prints `187.95`. `nil` when the value could not be held and
  /// printed exactly: not finite, more than `maximumFractionDigits` fraction digits, or more
  /// than `maximumDigits` digits in all (the text parser's limit; `JSONDecoder` rounds
  /// longer numbers to 38 digits, so a value that long may not be the one sent).
  public init?(exactly value: Decimal) {
    guard value.isFinite else { return nil }
    let exponent = Int(value.exponent)
    let limit = Decimal(sign: .plus, exponent: Self.maximumDigits, significand: 1)
    if exponent >= 0 {
      guard value.magnitude < limit else { return nil }
    } else {
      guard -exponent <= Self.maximumFractionDigits, value.significand.magnitude < limit else {
        return nil
      }
    }
    // A zero may come with an exponent (`0.0`); it has no digits to keep.
    self.init(value, fractionDigits: value.isZero ? 0 : max(-exponent, 0))
  }
}
