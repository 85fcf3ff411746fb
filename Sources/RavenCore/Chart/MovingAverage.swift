import Foundation

/// Moving averages of prices, computed exactly.
public enum MovingAverage {
  /// The fraction digits of every average: the finest tick a US quote uses (0.0001).
  public static let fractionDigits = 4

  /// The simple moving average: at each index the mean of the last `period` values, rounded
  /// half away from zero to `fractionDigits`; `nil` until `period` values have been seen
  /// (and everywhere when `period` is below 1).
  ///
  /// O(n) with a running sum that is exact, so it never drifts: subtracting the value that
  /// leaves the window removes it completely, where a `Double` sum would keep its error.
  /// Prices in whole ten-thousandths (all quoted prices) are summed as integers; others
  /// in `Decimal`, whose division is ~40 times slower on Linux.
  public static func simple(_ values: [Price], period: Int) -> [Price?] {
    guard period >= 1 else { return Array(repeating: nil, count: values.count) }
    var units: [Int64] = []
    units.reserveCapacity(values.count)
    for price in values {
      guard let unit = price.exact.exactUnits(fractionDigits: fractionDigits) else {
        return simpleInDecimal(values, period: period)
      }
      units.append(unit)
    }
    return simpleInUnits(units, period: period) ?? simpleInDecimal(values, period: period)
  }

  /// The averages of values given in ten-thousandths; `nil` if a sum overflows.
  private static func simpleInUnits(_ units: [Int64], period: Int) -> [Price?]? {
    let divisor = Int64(period)
    var sum: Int64 = 0
    var averages: [Price?] = []
    averages.reserveCapacity(units.count)
    for (index, unit) in units.enumerated() {
      var overflow: Bool
      (sum, overflow) = sum.addingReportingOverflow(unit)
      if overflow { return nil }
      if index >= period {
        (sum, overflow) = sum.subtractingReportingOverflow(units[index - period])
        if overflow { return nil }
      }
      guard index + 1 >= period else {
        averages.append(nil)
        continue
      }
      var (quotient, remainder) = sum.quotientAndRemainder(dividingBy: divisor)
      // Half away from zero, as the decimal path rounds.
      if 2 * remainder.magnitude >= divisor.magnitude { quotient += sum < 0 ? -1 : 1 }
      averages.append(Price(basisUnits: quotient))
    }
    return averages
  }

  private static func simpleInDecimal(_ values: [Price], period: Int) -> [Price?] {
    let divisor = Decimal(period)
    var sum = Decimal.zero
    var averages: [Price?] = []
    averages.reserveCapacity(values.count)
    for (index, price) in values.enumerated() {
      sum += price.value
      if index >= period { sum -= values[index - period].value }
      guard index + 1 >= period else {
        averages.append(nil)
        continue
      }
      let mean = ExactDecimal(sum / divisor, fractionDigits: fractionDigits)
      averages.append(Price(exact: mean.rounded(toFractionDigits: fractionDigits)))
    }
    return averages
  }
}
