import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Axis ticks")
struct ChartAxisTicksTests {
  private func ticks(_ min: String, _ max: String, maxCount: Int = 5) -> [String] {
    AxisTicks.nice(min: ExactDecimal(min)!, max: ExactDecimal(max)!, maxCount: maxCount)
      .map(\.description)
  }

  @Test func aDayOfAStockGetsFiveDollarSteps() {
    // Step 1 would need 15 ticks (183 … 197), step 2 nine (182 … 198), step 5 five.
    #expect(ticks("183.20", "196.80") == ["180", "185", "190", "195", "200"])
    #expect(ticks("185", "195") == ["185", "190", "195"])
  }

  @Test func ticksPrintWithTheFractionDigitsOfTheirStep() {
    #expect(ticks("0.26", "0.44") == ["0.25", "0.30", "0.35", "0.40", "0.45"])
    #expect(ticks("0.4512", "0.4538") == ["0.451", "0.452", "0.453", "0.454"])
  }

  @Test func aRangeOfTwoPenniesGetsHalfPennySteps() {
    #expect(ticks("187.95", "187.97") == ["187.950", "187.955", "187.960", "187.965", "187.970"])
  }

  @Test func aFlatLineIsWidenedByOnePercentEachWay() {
    // 187.95 ± 1.8795 → 186.0705 … 189.8295, covered by whole dollars.
    #expect(ticks("187.95", "187.95") == ["186", "187", "188", "189", "190"])
    // Zero is widened to 0 … 1, not below zero.
    #expect(ticks("0", "0") == ["0.0", "0.5", "1.0"])
  }

  @Test func negativeRangesAndZeroWork() {
    #expect(ticks("-3.7", "2.1") == ["-4", "-2", "0", "2", "4"])
    // Two ticks cannot cover a range across zero; zero sits between its neighbours.
    #expect(ticks("-0.1", "0.1", maxCount: 2) == ["-0.1", "0.0", "0.1"])
  }

  @Test func fewerTicksTakeLargerSteps() {
    #expect(ticks("183.20", "196.80", maxCount: 3) == ["180", "190", "200"])
    #expect(ticks("183.20", "196.80", maxCount: 2) == ["180", "200"])
  }

  @Test func minAndMaxMayComeInEitherOrderAndAsPrices() {
    #expect(ticks("196.80", "183.20") == ticks("183.20", "196.80"))
    let fromPrices = AxisTicks.nice(min: Price("183.20")!, max: Price("196.80")!)
    #expect(fromPrices.map(\.description) == ["180", "185", "190", "195", "200"])
  }

  @Test func ticksCoverTheRangeAtTheFinestNiceStepThatFits() async {
    let cents = Gen.int64(in: 0...10_000_000)
    await propertyCheck(input: cents, cents, Gen.int(in: 2...10)) { first, second, maxCount in
      let low = ExactDecimal(units: min(first, second), fractionDigits: 2)
      let high = ExactDecimal(units: max(first, second), fractionDigits: 2)

      let ticks = AxisTicks.nice(min: low, max: high, maxCount: maxCount)

      #expect(ticks.count >= 2 && ticks.count <= maxCount)
      #expect(ticks.first! <= low && ticks.last! >= high)
      let step = ticks[1] - ticks[0]
      #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1 - $0 == step })
      #expect(Self.isOneTwoOrFive(step.value))
      if low < high {
        // One 1-2-5 step finer needs more ticks than allowed.
        let finer = step.value * Self.finerFactor(step.value)
        let needed = Self.ceiling(high.value / finer) - Self.floor(low.value / finer) + 1
        #expect(needed > Decimal(maxCount))
      }
    }
  }

  /// Whether `step` is 1, 2 or 5 times a power of ten.
  private static func isOneTwoOrFive(_ step: Decimal) -> Bool {
    [1, 2, 5].contains(leadingDigit(step))
  }

  /// The factor to the next finer 1-2-5 step: 1 → 0.5, 2 → 1, 5 → 2.
  private static func finerFactor(_ step: Decimal) -> Decimal {
    leadingDigit(step) == 5 ? Decimal(string: "0.4")! : Decimal(string: "0.5")!
  }

  private static func leadingDigit(_ value: Decimal) -> Decimal {
    var scaled = value
    while scaled >= 10 { scaled /= 10 }
    while scaled < 1 { scaled *= 10 }
    return scaled
  }

  private static func floor(_ value: Decimal) -> Decimal { rounded(value, .down) }
  private static func ceiling(_ value: Decimal) -> Decimal { rounded(value, .up) }

  private static func rounded(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
    var input = value
    var output = Decimal()
    NSDecimalRound(&output, &input, 0, mode)
    return output
  }
}
