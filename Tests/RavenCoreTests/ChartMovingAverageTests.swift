import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Moving averages")
struct ChartMovingAverageTests {
  private func sma(_ values: [String], period: Int) -> [String?] {
    MovingAverage.simple(values.map { Price($0)! }, period: period).map { $0?.description }
  }

  @Test func averagesTheLastPeriodValuesOnceThereAreEnough() {
    #expect(
      sma(["10", "11", "12", "13", "14"], period: 3)
        == [nil, nil, "11.0000", "12.0000", "13.0000"])
  }

  @Test func roundsHalfAwayFromZeroToFourFractionDigits() {
    // 5 ÷ 3 = 1.6666…; 0.0003 ÷ 2 = 0.00015 rounds up to 0.0002.
    #expect(sma(["1", "2", "2"], period: 3) == [nil, nil, "1.6667"])
    #expect(sma(["0.0001", "0.0002"], period: 2) == [nil, "0.0002"])
  }

  @Test func aPeriodOfOneIsTheValuesThemselves() {
    #expect(sma(["187.95", "188.1"], period: 1) == ["187.9500", "188.1000"])
  }

  @Test func tooFewValuesOrNoPeriodGiveNoAverage() {
    #expect(sma(["1", "2"], period: 3) == [nil, nil])
    #expect(sma(["1", "2"], period: 0) == [nil, nil])
    #expect(sma([], period: 5) == [])
  }

  @Test func theRunningSumIsExactWhereADoubleWouldLoseTheCents() {
    // A Double holds about 16 digits: 1e15 + 0.0001 would drop the 0.0001, and the window
    // sliding off a huge value would leave its rounding error behind.
    let values = ["1000000000000000.0001", "0.0001", "0.0003", "0.0005"]

    #expect(
      sma(values, period: 2) == [nil, "500000000000000.0001", "0.0002", "0.0004"])
  }

  @Test func valuesFinerThanATenThousandthAreAveragedExactlyToo() {
    // 0.00015 + 0.00016 = 0.00031, halved 0.000155 → 0.0002; −0.00005 alone → −0.0001.
    #expect(sma(["0.00015", "0.00016"], period: 2) == [nil, "0.0002"])
    #expect(sma(["-0.00005"], period: 1) == ["-0.0001"])
  }

  @Test func negativeMeansRoundAwayFromZero() {
    // −0.0001 + −0.0002 = −0.0003, halved −0.00015 → −0.0002.
    #expect(sma(["-0.0001", "-0.0002", "0.0004"], period: 2) == [nil, "-0.0002", "0.0001"])
  }

  @Test func equalsTheMeanOfEachWindowRoundedToFourDigits() async {
    let basisUnits = Gen.int64(in: -2_000_000...5_000_000)
    await propertyCheck(input: basisUnits.array(of: 0...60), Gen.int(in: 1...12)) {
      units, period in
      let prices = units.map(Price.init(basisUnits:))

      let averages = MovingAverage.simple(prices, period: period)

      // The definition, one window at a time, with the library's exact division.
      let expected = prices.indices.map { end -> Price? in
        guard end + 1 >= period else { return nil }
        let window = prices[(end + 1 - period)...end]
        let sum = window.reduce(ExactDecimal.zero) { $0 + $1.exact }
        return sum.divided(by: ExactDecimal(period), fractionDigits: 4).map(Price.init(exact:))
      }
      #expect(averages == expected)
      #expect(averages.allSatisfy { $0 == nil || $0!.exact.fractionDigits == 4 })
    }
  }
}
