import Foundation

extension ExactDecimal {
  /// The nearest `Double`, for geometry only (pixel positions, triangle areas, tick
  /// spacing); values handed back to callers stay exact.
  var chartCoordinate: Double {
    NSDecimalNumber(decimal: value).doubleValue
  }

  /// The value as a whole number of `10^−digits` units (187.95 → 1,879,500 at 4 digits);
  /// `nil` when it has finer digits or is 10^18 units or more, so sums of a few thousand
  /// of them still fit in `Int64`.
  ///
  /// Integer arithmetic on these units is exact and far cheaper than `Decimal` division,
  /// which costs microseconds on Linux.
  func exactUnits(fractionDigits digits: Int) -> Int64? {
    var scaled = Decimal(
      sign: value.sign, exponent: value.exponent + digits, significand: value.significand)
    var whole = Decimal()
    NSDecimalRound(&whole, &scaled, 0, .plain)
    guard whole == scaled, whole.magnitude < Self.unitLimit else { return nil }
    return NSDecimalNumber(decimal: whole).int64Value
  }

  private static let unitLimit = Decimal(sign: .plus, exponent: 18, significand: 1)
}
