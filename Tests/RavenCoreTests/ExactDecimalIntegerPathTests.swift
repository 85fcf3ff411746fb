import Foundation
import RavenCore
import Testing

/// Values built from integer units (cents, prices, share counts) are computed with
/// integers; values built from a `Decimal` go through `Decimal`. Both must give the
/// same numbers, digits and text for every operation and rounding mode.
@Suite("Exact decimals: integer and Decimal arithmetic agree")
struct ExactDecimalIntegerPathTests {
  static let roundings: [DecimalRounding] = [
    .toNearestOrAwayFromZero, .toNearestOrEven, .towardZero, .awayFromZero,
  ]

  /// The same value, held only as a `Decimal`.
  static func viaDecimal(_ value: ExactDecimal) -> ExactDecimal {
    ExactDecimal(value.value, fractionDigits: value.fractionDigits)
  }

  static func expectSame(
    _ fast: ExactDecimal?, _ slow: ExactDecimal?, _ what: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      fast?.description == slow?.description && fast?.fractionDigits == slow?.fractionDigits
        && fast?.value == slow?.value,
      "\(what()): \(fast?.description ?? "nil") vs \(slow?.description ?? "nil")",
      sourceLocation: sourceLocation)
  }

  /// Units of several sizes (so that halves, overflows and long quotients all occur)
  /// with 0…8 fraction digits, from a fixed seed.
  static func values(count: Int, seed: UInt64) -> [ExactDecimal] {
    var generator = SplitMix64(seed: seed)
    let magnitudes: [Int64] = [10, 1_000, 100_000, 10_000_000_000, 1_000_000_000_000_000]
    var values: [ExactDecimal] = []
    for _ in 0..<count {
      let limit = magnitudes[Int(generator.next() % UInt64(magnitudes.count))]
      let units = Int64.random(in: -limit...limit, using: &generator)
      values.append(ExactDecimal(units: units, fractionDigits: Int(generator.next() % 9)))
    }
    return values + [
      ExactDecimal(units: .max, fractionDigits: 0), ExactDecimal(units: .min, fractionDigits: 3),
      ExactDecimal(units: 5, fractionDigits: 1), ExactDecimal(units: -25, fractionDigits: 2),
      ExactDecimal(units: 0, fractionDigits: 4),
    ]
  }

  @Test("Text, comparisons and signs")
  func textAndComparisons() {
    let values = Self.values(count: 400, seed: 1)
    for (lhs, rhs) in zip(values, values.reversed()) {
      let slowLeft = Self.viaDecimal(lhs)
      let slowRight = Self.viaDecimal(rhs)
      #expect(lhs.description == slowLeft.description)
      #expect(lhs.significantFractionDigits == slowLeft.significantFractionDigits)
      Self.expectSame(lhs.trimmed, slowLeft.trimmed, "trimmed \(lhs)")
      #expect(lhs.isZero == slowLeft.isZero)
      #expect(lhs.isNegative == slowLeft.isNegative)
      #expect(lhs.isPositive == slowLeft.isPositive)
      #expect((lhs == rhs) == (slowLeft == slowRight))
      #expect((lhs < rhs) == (slowLeft < slowRight))
      #expect(lhs == slowLeft && lhs.hashValue == slowLeft.hashValue)
      let rescaled = lhs.rounded(toFractionDigits: lhs.fractionDigits + 1)
      #expect(rescaled == lhs && rescaled.hashValue == lhs.hashValue)
    }
  }

  @Test("Sums, differences, products and negation")
  func arithmetic() {
    let values = Self.values(count: 400, seed: 2)
    var shuffler = SplitMix64(seed: 42)
    for (lhs, rhs) in zip(values, values.shuffled(using: &shuffler)) {
      let slowLeft = Self.viaDecimal(lhs)
      let slowRight = Self.viaDecimal(rhs)
      Self.expectSame(lhs + rhs, slowLeft + slowRight, "\(lhs) + \(rhs)")
      Self.expectSame(lhs - rhs, slowLeft - slowRight, "\(lhs) - \(rhs)")
      Self.expectSame(lhs * rhs, slowLeft * slowRight, "\(lhs) * \(rhs)")
      Self.expectSame(-lhs, -slowLeft, "-\(lhs)")
      Self.expectSame(lhs.magnitude, slowLeft.magnitude, "|\(lhs)|")
    }
  }

  @Test("Rounding in every mode")
  func rounding() {
    for value in Self.values(count: 400, seed: 3) {
      let slow = Self.viaDecimal(value)
      for digits in 0...10 {
        for rounding in Self.roundings {
          Self.expectSame(
            value.rounded(toFractionDigits: digits, rounding: rounding),
            slow.rounded(toFractionDigits: digits, rounding: rounding),
            "\(value) to \(digits) digits, \(rounding)")
        }
      }
    }
  }

  @Test("Quotients in every mode")
  func division() {
    let values = Self.values(count: 300, seed: 4)
    let divisors =
      Self.values(count: 300, seed: 5) + [
        ExactDecimal(units: 3, fractionDigits: 0), ExactDecimal(units: 7, fractionDigits: 6),
        ExactDecimal(units: 100, fractionDigits: 0), ExactDecimal(units: -8, fractionDigits: 1),
      ]
    var shuffler = SplitMix64(seed: 43)
    for (value, divisor) in zip(values, divisors.shuffled(using: &shuffler)) {
      let slowValue = Self.viaDecimal(value)
      let slowDivisor = Self.viaDecimal(divisor)
      for digits in [0, 1, 2, 4, 6, 9] {
        for rounding in Self.roundings {
          Self.expectSame(
            value.divided(by: divisor, fractionDigits: digits, rounding: rounding),
            slowValue.divided(by: slowDivisor, fractionDigits: digits, rounding: rounding),
            "\(value) / \(divisor) to \(digits) digits, \(rounding)")
        }
      }
    }
  }

  @Test("Money, prices and shares: percentages and average costs")
  func amounts() {
    var generator = SplitMix64(seed: 6)
    for _ in 0..<2_000 {
      let cost = Money(cents: Int64.random(in: 1...100_000_000, using: &generator))
      let shares = Quantity(
        exact: ExactDecimal(
          units: Int64.random(in: 1...10_000_000, using: &generator),
          fractionDigits: Int(generator.next() % 7)))
      let price = Price(cents: Int64.random(in: 1...1_000_000, using: &generator))
      let slowCost = Money(exact: Self.viaDecimal(cost.exact))
      let slowShares = Quantity(exact: Self.viaDecimal(shares.exact))
      let slowPrice = Price(exact: Self.viaDecimal(price.exact))
      Self.expectSame(
        cost.perShare(shares)?.exact, slowCost.perShare(slowShares)?.exact, "\(cost) / \(shares)")
      let value = (price * shares).roundedToCents()
      let slowValue = (slowPrice * slowShares).roundedToCents()
      Self.expectSame(value.exact, slowValue.exact, "\(price) × \(shares)")
      Self.expectSame(
        (value - cost).percent(of: cost), (slowValue - slowCost).percent(of: slowCost),
        "(\(value) - \(cost)) % of \(cost)")
    }
  }
}

/// A small seeded generator, so that every run checks the same values.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
