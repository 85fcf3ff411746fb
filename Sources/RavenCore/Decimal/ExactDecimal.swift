import Foundation

/// An exact base-10 number that remembers how many fraction digits it was written with.
///
/// Arithmetic is exact base-10 arithmetic, never binary floating point: Foundation's
/// `Decimal` (38 significant digits) in general, and plain integers when both operands
/// are whole numbers of `10^-fractionDigits` units that fit in `Int64` (cents, share
/// prices, share counts: nearly every value), which gives the same results as `Decimal`
/// without its cost on Linux (microseconds per division or printout).
/// `fractionDigits` only affects formatting: `187.9500` and `187.95` are equal values,
/// but each prints the way it was written, so parsing and formatting round-trip.
public struct ExactDecimal: Sendable {
  /// The value. Always finite: every way of building one rejects NaN.
  public let value: Decimal
  /// How many digits `description` prints after the decimal point.
  public let fractionDigits: Int
  /// The value as exactly `units × 10^-fractionDigits`, when it is known to be that;
  /// `nil` when only `value` holds it.
  let units: Int64?

  /// The most fraction digits a value keeps; products are rounded beyond this.
  public static let maximumFractionDigits = 18

  public init(_ value: Decimal, fractionDigits: Int) {
    precondition(value.isFinite, "ExactDecimal cannot hold NaN")
    self.value = value
    self.fractionDigits = min(max(fractionDigits, 0), Self.maximumFractionDigits)
    self.units = nil
  }

  public init(_ integer: Int) {
    self.init(units: Int64(integer), fractionDigits: 0)
  }

  /// `units × 10^-fractionDigits`, e.g. `ExactDecimal(units: 18795, fractionDigits: 2)` is 187.95.
  public init(units: Int64, fractionDigits: Int) {
    let magnitude = Decimal(units.magnitude)
    let scaled = Decimal(
      sign: units < 0 ? .minus : .plus, exponent: -fractionDigits, significand: magnitude)
    self.value = scaled
    self.fractionDigits = min(max(fractionDigits, 0), Self.maximumFractionDigits)
    self.units = self.fractionDigits == fractionDigits ? units : nil
  }

  public static let zero = ExactDecimal(0)

  public var isZero: Bool { units.map { $0 == 0 } ?? value.isZero }
  public var isNegative: Bool { units.map { $0 < 0 } ?? (value < 0) }
  public var isPositive: Bool { units.map { $0 > 0 } ?? (value > 0) }
}

extension ExactDecimal: Equatable, Hashable, Comparable {
  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if let (left, right) = aligned(lhs, rhs) { return left == right }
    return lhs.value == rhs.value
  }

  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if let (left, right) = aligned(lhs, rhs) { return left < right }
    return lhs.value < rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    // Equal values may differ in fraction digits; hash the canonical text of the value.
    hasher.combine(ExactDecimal.plainDigits(of: value))
  }
}

extension ExactDecimal: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self.init(value) }
}
