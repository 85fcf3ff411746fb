import Foundation

/// Integer arithmetic on `units × 10^-fractionDigits`, the fast path of `ExactDecimal`.
///
/// Every function here answers exactly what the `Decimal` path answers, or `nil` when
/// an operand has no units or an intermediate would overflow, and the caller falls back
/// to `Decimal`. The tests compare both paths over many values and every rounding mode.
extension ExactDecimal {
  /// `10^0 … 10^18`, every power of ten an `Int64` holds.
  static let powersOfTen: [Int64] = (0...18).map { exponent in
    (0..<exponent).reduce(Int64(1)) { power, _ in power * 10 }
  }

  /// `units × 10^shift`, or `nil` on overflow.
  static func scale(_ units: Int64, by shift: Int) -> Int64? {
    guard shift >= 0, shift < powersOfTen.count else { return nil }
    let (scaled, overflow) = units.multipliedReportingOverflow(by: powersOfTen[shift])
    return overflow ? nil : scaled
  }

  /// Both operands' units at the larger of their fraction digits, when both have units.
  static func aligned(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> (Int64, Int64)? {
    guard let left = lhs.units, let right = rhs.units else { return nil }
    let digits = max(lhs.fractionDigits, rhs.fractionDigits)
    guard let leftScaled = scale(left, by: digits - lhs.fractionDigits),
      let rightScaled = scale(right, by: digits - rhs.fractionDigits)
    else { return nil }
    return (leftScaled, rightScaled)
  }

  /// `numerator ÷ divisor` for magnitudes, rounded by `rounding`; `nil` when the
  /// quotient does not fit in `Int64`.
  static func roundedQuotient(
    _ numerator: (high: UInt64, low: UInt64), _ divisor: UInt64, rounding: DecimalRounding
  ) -> UInt64? {
    guard divisor > 0, numerator.high < divisor else { return nil }
    let (quotient, remainder) = divisor.dividingFullWidth(numerator)
    let roundsUp: Bool
    switch rounding {
    case .towardZero:
      roundsUp = false
    case .awayFromZero:
      roundsUp = remainder > 0
    case .toNearestOrAwayFromZero:
      roundsUp = remainder >= divisor - remainder
    case .toNearestOrEven:
      let beyondHalf = divisor - remainder
      roundsUp = remainder > beyondHalf || (remainder == beyondHalf && quotient & 1 == 1)
    }
    let rounded = roundsUp ? quotient &+ 1 : quotient
    guard rounded <= UInt64(Int64.max), !(roundsUp && rounded == 0) else { return nil }
    return rounded
  }

  /// `magnitude` with `sign`, as `Int64` units.
  static func signed(_ magnitude: UInt64, negative: Bool) -> Int64 {
    negative ? -Int64(magnitude) : Int64(magnitude)
  }

  /// This value rounded to `digits` (0 … 18) fraction digits by integer arithmetic.
  func unitsRounded(toFractionDigits digits: Int, rounding: DecimalRounding) -> ExactDecimal? {
    guard let units, (0...Self.maximumFractionDigits).contains(digits) else { return nil }
    if digits >= fractionDigits {
      return Self.scale(units, by: digits - fractionDigits).map {
        ExactDecimal(units: $0, fractionDigits: digits)
      }
    }
    let divisor = UInt64(Self.powersOfTen[fractionDigits - digits])
    return Self.roundedQuotient((0, units.magnitude), divisor, rounding: rounding).map {
      ExactDecimal(units: Self.signed($0, negative: units < 0), fractionDigits: digits)
    }
  }

  /// `self ÷ divisor` rounded to `digits` (0 … 18) fraction digits by integer arithmetic.
  ///
  /// `Decimal` divides to 38 significant digits before rounding. With an integer divisor
  /// below 10^15 and a quotient below 10^18 units, a non-zero remainder is at least
  /// 10^-15 units, well inside those digits, so rounding the exact quotient gives the
  /// same answer.
  func unitsDivided(by divisor: ExactDecimal, fractionDigits digits: Int, rounding: DecimalRounding)
    -> ExactDecimal?
  {
    guard let units, let divisorUnits = divisor.units, divisorUnits != 0,
      (0...Self.maximumFractionDigits).contains(digits)
    else { return nil }
    // self ÷ divisor in units of 10^-digits is units × 10^shift ÷ divisorUnits.
    let shift = digits - fractionDigits + divisor.fractionDigits
    var numerator: (high: UInt64, low: UInt64) = (0, units.magnitude)
    var denominator = divisorUnits.magnitude
    if shift >= 0 {
      guard shift < Self.powersOfTen.count else { return nil }
      numerator = units.magnitude.multipliedFullWidth(by: UInt64(Self.powersOfTen[shift]))
    } else {
      guard -shift < Self.powersOfTen.count else { return nil }
      let (scaled, overflow) = denominator.multipliedReportingOverflow(
        by: UInt64(Self.powersOfTen[-shift]))
      guard !overflow else { return nil }
      denominator = scaled
    }
    guard denominator < 1_000_000_000_000_000,
      let quotient = Self.roundedQuotient(numerator, denominator, rounding: rounding),
      quotient < 1_000_000_000_000_000_000
    else { return nil }
    return ExactDecimal(
      units: Self.signed(quotient, negative: (units < 0) != (divisorUnits < 0) && quotient != 0),
      fractionDigits: digits)
  }

  /// Plain notation with exactly `fractionDigits` fraction digits, from the units:
  /// digits written from the last, a point after `fractionDigits` of them, at least one
  /// digit before the point.
  var unitsDescription: String? {
    guard let units else { return nil }
    var magnitude = units.magnitude
    let fractionDigits = fractionDigits
    // A sign, up to 19 digits or fractionDigits + 1 of them, and a point.
    let capacity = 22 + fractionDigits
    return String(unsafeUninitializedCapacity: capacity) { text in
      var start = capacity
      var digits = 0
      repeat {
        start -= 1
        text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
        digits += 1
        if digits == fractionDigits {
          start -= 1
          text[start] = UInt8(ascii: ".")
        }
      } while magnitude > 0 || digits <= fractionDigits
      if units < 0 {
        start -= 1
        text[start] = UInt8(ascii: "-")
      }
      let count = capacity - start
      for index in 0..<count { text[index] = text[start + index] }
      return count
    }
  }

  /// The fraction digits the value needs (no trailing zeros), from the units.
  var unitsSignificantFractionDigits: Int? {
    guard var remaining = units else { return nil }
    guard remaining != 0 else { return 0 }
    var digits = fractionDigits
    while digits > 0, remaining % 10 == 0 {
      remaining /= 10
      digits -= 1
    }
    return digits
  }
}
