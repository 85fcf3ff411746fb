import Foundation
import RavenCore
import Testing

@Suite("Chart ranges")
struct ChartRangeTests {
  @Test func rawValuesAreTheButtonLabelsInOrder() {
    #expect(ChartRange.allCases.map(\.rawValue) == ["1D", "1W", "1M", "3M", "1Y", "5Y", "MAX"])
  }

  @Test func crossesJSONAsItsLabel() throws {
    let encoded = try JSONEncoder().encode([ChartRange.oneMonth, .max])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["1M","MAX"]"#)
    let decoded = try JSONDecoder().decode([ChartRange].self, from: Data(#"["5Y","1D"]"#.utf8))
    #expect(decoded == [.fiveYears, .oneDay])
    // "1m" would read as one minute; the label is case-sensitive.
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ChartRange].self, from: Data(#"["1m"]"#.utf8))
    }
  }

  @Test(arguments: [
    (ChartRange.oneDay, BarResolution.minute, ChartSegmentUnit.hour, ChartLookback.tradingDays(1)),
    (.oneWeek, .fiveMinutes, .day, .tradingDays(5)),
    (.oneMonth, .hour, .day, .months(1)),
    (.threeMonths, .day, .month, .months(3)),
    (.oneYear, .day, .month, .years(1)),
    (.fiveYears, .week, .year, .years(5)),
    (.max, .month, .year, .all),
  ])
  func describesBarsSegmentsAndLookback(
    range: ChartRange, resolution: BarResolution, unit: ChartSegmentUnit, lookback: ChartLookback
  ) {
    #expect(range.barResolution == resolution)
    #expect(range.segmentUnit == unit)
    #expect(range.lookback == lookback)
  }
}
