import Foundation

/// Price-axis tick values at "nice" steps (Paul Heckbert, "Nice Numbers for Graph Labels",
/// Graphics Gems, 1990): 1, 2 or 5 times a power of ten, so labels read 185, 190, 195 or
/// 0.450, 0.455, never 186.37.
public enum AxisTicks {
  /// Ticks at one nice step that cover `min ... max` (the first at or below `min`, the last
  /// at or above `max`), at most `maxCount` of them, all printed with the step's fraction
  /// digits (step 0.05 prints 0.25 and 0.50, step 5 prints 185).
  ///
  /// Where Heckbert rounds range ÷ (count − 1) to a nice number and may overshoot the count,
  /// this takes the finest 1-2-5 step that fits in `maxCount`, so labels never crowd.
  /// A flat range (`min == max`) is widened by 1% each way (not below zero for a
  /// non-negative price; by 1 around zero) so a flat line still gets an axis. `maxCount` is
  /// at least 2, and at least 3 for a range across zero (zero is always a tick there).
  public static func nice(min: ExactDecimal, max: ExactDecimal, maxCount: Int = 5)
    -> [ExactDecimal]
  {
    let (low, high) = widened(low: Swift.min(min, max), high: Swift.max(min, max))
    // Zero is a multiple of every step, so a range across it needs a tick below, at and above.
    let count = Swift.max(maxCount, low.isNegative && high.isPositive ? 3 : 2)
    // The finest step that fits is at least (high − low) ÷ (count − 1); start a decade finer
    // so a `Double` rounding in the estimate never skips it.
    let estimate = (high - low).chartCoordinate / Double(count - 1)
    var exponent =
      estimate.isFinite && estimate > 0
      ? Int(log10(estimate).rounded(.down)) - 1 : -ExactDecimal.maximumFractionDigits
    var mantissaIndex = 0
    var step = Step(mantissa: mantissas[0], exponent: exponent)
    // Steps grow ×2, ×2.5, ×2, …; once a step exceeds the range at most 3 ticks remain, and
    // 2 only fit once the step passes `high` itself. 40 steps span 13 decades; should they
    // not suffice (2 ticks for a sliver of a range far from zero), the last one is used.
    for _ in 0..<40 where step.tickCount(low: low, high: high) > Decimal(count) {
      mantissaIndex += 1
      if mantissaIndex == mantissas.count {
        mantissaIndex = 0
        exponent += 1
      }
      step = Step(mantissa: mantissas[mantissaIndex], exponent: exponent)
    }
    return step.ticks(low: low, high: high)
  }

  /// Ticks for a price axis; see `nice(min:max:maxCount:)` on `ExactDecimal`.
  public static func nice(min: Price, max: Price, maxCount: Int = 5) -> [ExactDecimal] {
    nice(min: min.exact, max: max.exact, maxCount: maxCount)
  }

  private static let mantissas: [UInt64] = [1, 2, 5]

  /// A tick step, `mantissa × 10^exponent`, exact in `Decimal`.
  private struct Step {
    let value: Decimal
    /// Fraction digits that print every multiple of the step exactly.
    let fractionDigits: Int

    init(mantissa: UInt64, exponent: Int) {
      value = Decimal(sign: .plus, exponent: exponent, significand: Decimal(mantissa))
      fractionDigits = Swift.max(-exponent, 0)
    }

    /// The multiples of the step from the last at or below `low` to the first at or above
    /// `high`, as integers.
    private func multiples(low: ExactDecimal, high: ExactDecimal) -> (first: Decimal, last: Decimal)
    {
      (AxisTicks.rounded(low.value / value, .down), AxisTicks.rounded(high.value / value, .up))
    }

    func tickCount(low: ExactDecimal, high: ExactDecimal) -> Decimal {
      let (first, last) = multiples(low: low, high: high)
      return last - first + 1
    }

    func ticks(low: ExactDecimal, high: ExactDecimal) -> [ExactDecimal] {
      var (multiple, last) = multiples(low: low, high: high)
      var ticks: [ExactDecimal] = []
      while multiple <= last {
        ticks.append(ExactDecimal(multiple * value, fractionDigits: fractionDigits))
        multiple += 1
      }
      return ticks
    }
  }

  /// `value` rounded to an integer toward −∞ (`.down`) or +∞ (`.up`).
  private static func rounded(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
    var input = value
    var output = Decimal()
    NSDecimalRound(&output, &input, 0, mode)
    return output
  }

  /// `low ... high`, opened up when it is a single value.
  private static func widened(
    low: ExactDecimal, high: ExactDecimal
  ) -> (ExactDecimal, ExactDecimal) {
    guard low == high else { return (low, high) }
    let half =
      low.isZero
      ? ExactDecimal(1)
      : ExactDecimal(low.magnitude.value / 100, fractionDigits: low.fractionDigits + 2)
    let widenedLow = low - half
    return (!low.isNegative && widenedLow.isNegative ? .zero : widenedLow, high + half)
  }
}
