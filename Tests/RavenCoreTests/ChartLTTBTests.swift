import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("LTTB downsampling")
struct ChartLTTBTests {
  @Test func picksTheLargestTriangleInEachBucketByHand() {
    // 8 points to 4: the first and last are kept; the 6 between make 2 buckets, {1, 2, 3}
    // and {4, 5, 6}. Twice each triangle's area:
    // bucket 1, from (0, 0) toward the next bucket's average (5, 11/3):
    //   |x·11/3 − y·5|: point 1 → 6.33, point 2 → 32.67, point 3 → 4      → keep 2
    // bucket 2, from (2, 8) toward the last point (7, 2):
    //   |(x − 2)·(−6) − (y − 8)·5|: point 4 → 23, point 5 → 17, point 6 → 29 → keep 6
    let y: [Double] = [0, 2, 8, 3, 1, 1, 9, 2]

    let kept = LTTB.indices(x: [0, 1, 2, 3, 4, 5, 6, 7], y: y, threshold: 4)

    #expect(kept == [0, 2, 6, 7])
  }

  @Test func keepsThePeakWhenOneBucketRemains() {
    // 5 points to 3: one bucket {1, 2, 3} between (0, 0) and (4, 0); the highest point wins.
    let kept = LTTB.indices(x: [0, 1, 2, 3, 4], y: [0, 5, 1, 3, 0], threshold: 3)

    #expect(kept == [0, 1, 4])
  }

  @Test(arguments: [0, 1, 2, 5, 6, 100])
  func keepsEveryPointWhenTheThresholdIsBelowThreeOrNotBelowTheCount(threshold: Int) {
    let kept = LTTB.indices(x: [0, 1, 2, 3, 4], y: [3, 1, 4, 1, 5], threshold: threshold)

    #expect(kept == [0, 1, 2, 3, 4])
  }

  @Test func noPointsGiveNoIndices() {
    #expect(LTTB.indices(x: [], y: [], threshold: 10) == [])
  }

  @Test func keepsASpikeAndADipInALongWave() {
    // 10,000 points of a gentle wave with one spike up and one dip, down to 200 points.
    let count = 10_000
    let x = (0..<count).map(Double.init)
    var y = x.map { 100 + 10 * sin($0 / 300) }
    y[6_543] = 500
    y[2_001] = -400

    let kept = LTTB.indices(x: x, y: y, threshold: 200)

    #expect(kept.contains(6_543))
    #expect(kept.contains(2_001))
  }

  @Test func keepsFirstAndLastAndExactlyThresholdIncreasingIndices() async {
    let input = zip(
      Gen.double(in: -1_000...1_000).array(of: 4...400), Gen.int(in: 3...399))
    await propertyCheck(input: input) { y, wanted in
      let threshold = min(wanted, y.count - 1)
      let x = y.indices.map { Double($0) * 60 }

      let kept = LTTB.indices(x: x, y: y, threshold: threshold)

      #expect(kept.count == threshold)
      #expect(kept.first == 0)
      #expect(kept.last == y.count - 1)
      #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  @Test func downsamplesChartPointsKeepingTheirExactPrices() {
    let start = ChartFixture.time("2026-11-17", 9, 30)
    let prices = ["187.9501", "187.10", "190.3333", "186.00", "188.25", "188.20", "187.5"]
    let points = prices.enumerated().map { index, text in
      ChartPoint(time: start.addingTimeInterval(Double(index) * 60), price: Price(text)!)
    }

    let kept = LTTB.downsample(points, threshold: 4)

    // Buckets {1, 2} and {3, 4, 5}: the 190.3333 peak and the 186.00 trough stand out.
    #expect(kept.map(\.price.description) == ["187.9501", "190.3333", "186.00", "187.5"])
    #expect(kept.map(\.time) == [0, 2, 3, 6].map { points[$0].time })
  }

  @Test func measuresTimeAsDistanceSoAGapChangesThePick() {
    // One bucket {1, 2} between (0, 0) and the last point at price 30; twice the areas are
    // |x·30 − y·X| for the last point's time X.
    // Right after (X = 3) the line rises steeply: point 1 → 15, point 2 → 54, keep 2.
    // After a night (X = 1000) the line is nearly flat: point 1 → 4970, point 2 → 1940, keep 1.
    let prices: [Double] = [0, 5, 2, 30]
    let even = LTTB.indices(x: [0, 1, 2, 3], y: prices, threshold: 3)
    let gapped = LTTB.indices(x: [0, 1, 2, 1_000], y: prices, threshold: 3)

    #expect(even == [0, 2, 3])
    #expect(gapped == [0, 1, 3])
  }
}
