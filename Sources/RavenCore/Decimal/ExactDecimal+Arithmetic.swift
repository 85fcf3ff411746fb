import Foundation

/// How a value is brought to fewer fraction digits.
public enum DecimalRounding: Sendable {
  /// Half away from zero: 2.345 → 2.35, −2.345 → −2.35. What a receipt does.
  case toNearestOrAwayFromZero
  /// Half to even ("banker's rounding"): 2.345 → 2.34, 2.355 → 2.36.
  case toNearestOrEven
  /// Drop the extra digits: 2.349 → 2.34, −2.349 → −2.34.
  case towardZero
  /// Any extra digit rounds outward: 2.341 → 2.35, −2.341 → −2.35.
  case awayFromZero

  /// Foundation's `.down` and `.up` round toward −∞ and +∞, so the directed modes
  /// are applied to the magnitude and the sign put back.
  fileprivate var foundationMode: NSDecimalNumber.RoundingMode {
    switch self {
    case .toNearestOrAwayFromZero: .plain
    case .toNearestOrEven: .bankers
    case .towardZero: .down
    case .awayFromZero: .up
    }
  }
}

extension ExactDecimal {
  public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    let digits = max(lhs.fractionDigits, rhs.fractionDigits)
    if let (left, right) = aligned(lhs, rhs) {
      let (sum, overflow) = left.addingReportingOverflow(right)
      if !overflow { return ExactDecimal(units: sum, fractionDigits: digits) }
    }
    return ExactDecimal(lhs.value + rhs.value, fractionDigits: digits)
  }

  public static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    let digits = max(lhs.fractionDigits, rhs.fractionDigits)
    if let (left, right) = aligned(lhs, rhs) {
      let (difference, overflow) = left.subtractingReportingOverflow(right)
      if !overflow { return ExactDecimal(units: difference, fractionDigits: digits) }
    }
    return ExactDecimal(lhs.value - rhs.value, fractionDigits: digits)
  }

  public static prefix func - (operand: ExactDecimal) -> ExactDecimal {
    if let units = operand.units, units != .min {
      return ExactDecimal(units: -units, fractionDigits: operand.fractionDigits)
    }
    return ExactDecimal(-operand.value, fractionDigits: operand.fractionDigits)
  }

  /// The exact product; its fraction digits are the sum of both operands'.
  public static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
    let digits = lhs.fractionDigits + rhs.fractionDigits
    if let left = lhs.units, let right = rhs.units {
      let (product, overflow) = left.multipliedReportingOverflow(by: right)
      if !overflow, digits <= maximumFractionDigits {
        return ExactDecimal(units: product, fractionDigits: digits)
      }
    }
    return ExactDecimal(lhs.value * rhs.value, fractionDigits: digits)
      .rounded(toFractionDigits: min(digits, maximumFractionDigits))
  }

  public static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs + rhs }
  public static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs - rhs }

  /// A quotient rounded to `fractionDigits`; `nil` when dividing by zero.
  public func divided(
    by divisor: ExactDecimal, fractionDigits: Int,
    rounding: DecimalRounding = .toNearestOrAwayFromZero
  ) -> ExactDecimal? {
    guard !divisor.isZero else { return nil }
    if let quotient = unitsDivided(by: divisor, fractionDigits: fractionDigits, rounding: rounding)
    {
      return quotient
    }
    return ExactDecimal(value / divisor.value, fractionDigits: fractionDigits)
      .rounded(toFractionDigits: fractionDigits, rounding: rounding)
  }

  /// This value with at most `digits` fraction digits, printed with exactly `digits`.
  public func rounded(
    toFractionDigits digits: Int, rounding: DecimalRounding = .toNearestOrAwayFromZero
  ) -> ExactDecimal {
    if let rounded = unitsRounded(toFractionDigits: digits, rounding: rounding) { return rounded }
    var magnitude = value < 0 ? -value : value
    var output = Decimal()
    NSDecimalRound(&output, &magnitude, digits, rounding.foundationMode)
    return ExactDecimal(value < 0 ? -output : output, fractionDigits: digits)
  }

  /// The same value printed with `digits` fraction digits (rounding if it has more).
  public func withFractionDigits(_ digits: Int) -> ExactDecimal {
    rounded(toFractionDigits: digits)
  }

  public var magnitude: ExactDecimal {
    isNegative ? -self : self
  }

  /// The number of fraction digits the value really needs (no trailing zeros).
  public var significantFractionDigits: Int {
    if let digits = unitsSignificantFractionDigits { return digits }
    let text = ExactDecimal.plainDigits(of: value)
    guard let dot = text.firstIndex(of: ".") else { return 0 }
    return text.distance(from: dot, to: text.endIndex) - 1
  }

  /// The same value printed without trailing zeros: `3.50` → `3.5`, `3.00` → `3`.
  public var trimmed: ExactDecimal {
    if units != nil { return rounded(toFractionDigits: significantFractionDigits) }
    return ExactDecimal(value, fractionDigits: significantFractionDigits)
  }
}
