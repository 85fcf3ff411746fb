import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Volume by price")
struct ChartVolumeProfileTests {
  typealias F = ChartFixture

  private func bar(low: String, high: String, volume: Int64) -> Bar {
    F.bar(F.time("2026-11-17", 9, 30), open: low, high: high, low: low, close: high, volume: volume)
  }

  @Test func spreadsEachBarOverTheBucketsItsRangeCovers() {
    // Four $1 buckets from 10 to 14.
    // 10 … 12, 100 shares: half in 10–11, half in 11–12.
    // 13 … 13, 30 shares: all in 13–14.
    // 10.50 … 14, 70 shares over 3.5 dollars: 0.5 → 10, then 1 dollar → 20 each.
    let bars = [
      bar(low: "10", high: "12", volume: 100),
      bar(low: "13", high: "13", volume: 30),
      bar(low: "10.50", high: "14", volume: 70),
    ]

    let buckets = VolumeProfile.buckets(bars, count: 4)

    #expect(buckets.map(\.low.description) == ["10.0000", "11.0000", "12.0000", "13.0000"])
    #expect(buckets.map(\.high.description) == ["11.0000", "12.0000", "13.0000", "14.0000"])
    #expect(buckets.map(\.volume) == [60, 70, 20, 50])
  }

  @Test func roundsWholeSharesSoTheTotalIsExact() {
    // 10 shares over three equal buckets: running totals 3.33 → 3 and 6.67 → 7 give 3, 4, 3.
    let buckets = VolumeProfile.buckets([bar(low: "10", high: "13", volume: 10)], count: 3)

    #expect(buckets.map(\.volume) == [3, 4, 3])
  }

  @Test func boundsThatDoNotDivideEvenlyAreRoundedToFourFractionDigits() {
    let bars = [bar(low: "10", high: "11", volume: 9)]

    let buckets = VolumeProfile.buckets(bars, count: 3)

    #expect(buckets.map(\.low.description) == ["10.0000", "10.3333", "10.6667"])
    #expect(buckets.map(\.high.description) == ["10.3333", "10.6667", "11.0000"])
  }

  @Test func aPriceOnABoundBelongsToTheBucketAboveAndTheTopPriceToTheTopBucket() {
    let bars = [
      bar(low: "10", high: "12", volume: 0),
      bar(low: "11", high: "11", volume: 5),
      bar(low: "12", high: "12", volume: 7),
    ]

    #expect(VolumeProfile.buckets(bars, count: 2).map(\.volume) == [0, 12])
  }

  @Test func aFlatDayIsOneBucketAndNothingIsNothing() {
    let flat = [
      bar(low: "5.25", high: "5.25", volume: 4), bar(low: "5.25", high: "5.25", volume: 6),
    ]

    let buckets = VolumeProfile.buckets(flat, count: 10)

    #expect(buckets == [VolumeBucket(low: F.price("5.25"), high: F.price("5.25"), volume: 10)])
    #expect(buckets.map(\.low.description) == ["5.2500"])
    #expect(VolumeProfile.buckets([], count: 10).isEmpty)
    #expect(VolumeProfile.buckets(flat, count: 0).isEmpty)
  }

  @Test func bucketVolumesAddUpToTheBarsTotal() async {
    let bars = zip(
      Gen.int64(in: 1_000...20_000), Gen.int64(in: 0...500), Gen.int64(in: 0...5_000_000)
    ).map { lowCents, rangeCents, volume in
      Bar(
        time: Date(timeIntervalSince1970: 0), open: Price(cents: lowCents),
        high: Price(cents: lowCents + rangeCents), low: Price(cents: lowCents),
        close: Price(cents: lowCents), volume: volume)
    }
    await propertyCheck(input: bars.array(of: 1...40), Gen.int(in: 1...50)) { bars, count in
      let buckets = VolumeProfile.buckets(bars, count: count)

      #expect(buckets.reduce(0) { $0 + $1.volume } == bars.reduce(0) { $0 + $1.volume })
      #expect(buckets.allSatisfy { $0.volume >= 0 })
      #expect(buckets.first?.low == bars.map(\.low).min())
      #expect(buckets.last?.high == bars.map(\.high).max())
    }
  }
}
