import Foundation
import RavenCore
import Testing

@Suite("Chart segments")
struct ChartSegmentsTests {
  typealias F = ChartFixture

  /// A 1D chart: one point a minute, 09:30 … 15:59 on Tuesday 2026-11-17 (390 points).
  let oneDay = (0..<390).map { F.time("2026-11-17", 9, 30).addingTimeInterval(Double($0) * 60) }

  @Test func hoursOfASessionStartWithTheShortNineOClockHour() {
    let segments = ChartSegments(times: oneDay, unit: .hour).segments

    #expect(segments.map(\.label) == ["9 AM", "10 AM", "11 AM", "12 PM", "1 PM", "2 PM", "3 PM"])
    #expect(segments.map(\.firstIndex) == [0, 30, 90, 150, 210, 270, 330])
    #expect(segments.map(\.lastIndex) == [29, 89, 149, 209, 269, 329, 389])
    #expect(segments[0].start == F.utc("2026-11-17T14:00:00Z"))
    #expect(segments[0].end == F.utc("2026-11-17T15:00:00Z"))
    #expect(segments[6].end == F.time("2026-11-17", 16, 0))
  }

  @Test func findsTheNearestPointEarlierOnATieAndClampedAtTheEnds() {
    let chart = ChartSegments(times: oneDay, unit: .hour)
    // 12:15 is point 165 (165 minutes after 09:30).
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 12, 15, second: 29)) == 165)
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 12, 15, second: 31)) == 166)
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 12, 15, second: 30)) == 165)
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 12, 15)) == 165)
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 4, 0)) == 0)
    #expect(chart.pointIndex(nearest: F.time("2026-11-18", 9, 30)) == 389)
  }

  @Test func findsTheSegmentOfATimeOrOfAPoint() {
    let chart = ChartSegments(times: oneDay, unit: .hour)

    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 12, 15)) == 3)
    // Before the first point but inside its hour.
    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 9, 10)) == 0)
    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 15, 59, second: 59)) == 6)
    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 16, 0)) == nil)
    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 8, 59)) == nil)
    #expect(chart.segmentIndex(ofPoint: 0) == 0)
    #expect(chart.segmentIndex(ofPoint: 165) == 3)
    #expect(chart.segmentIndex(ofPoint: 210) == 4)
    #expect(chart.segmentIndex(ofPoint: 389) == 6)
    #expect(chart.segmentIndex(ofPoint: 390) == nil)
    #expect(chart.segmentIndex(ofPoint: -1) == nil)
  }

  @Test func daysSkipTheLaborDayHolidayAndTheWeekend() {
    // 1W-style points: three 5-minute bars on each of Friday 9/4, Tuesday 9/8, Wednesday 9/9.
    let days = ["2026-09-04", "2026-09-08", "2026-09-09"]
    let times = days.flatMap { day in [30, 35, 40].map { F.time(day, 9, $0) } }

    let chart = ChartSegments(times: times, unit: .day)

    #expect(chart.segments.map(\.label) == ["Fri 9/4", "Tue 9/8", "Wed 9/9"])
    #expect(chart.segments.map(\.pointIndices) == [0...2, 3...5, 6...8])
    #expect(chart.segments[1].start == F.utc("2026-09-08T04:00:00Z"))
    #expect(chart.segments[1].end == F.utc("2026-09-09T04:00:00Z"))
    #expect(chart.segmentIndex(containing: F.time("2026-09-07", 12, 0)) == nil)
    #expect(chart.segmentIndex(containing: F.time("2026-09-05", 12, 0)) == nil)
    #expect(chart.segmentIndex(containing: F.time("2026-09-08", 23, 59)) == 1)
    // The finger over Labor Day lands on the nearest session's point, Tuesday 09:30.
    #expect(chart.pointIndex(nearest: F.time("2026-09-07", 23, 0)) == 3)
  }

  @Test func monthsAreLabelledWithTheirYearAcrossNewYear() {
    let times = ["2026-12-30", "2026-12-31", "2027-01-04", "2027-01-05"].map {
      F.time($0, 9, 30)
    }

    let segments = ChartSegments(times: times, unit: .month).segments

    #expect(segments.map(\.label) == ["Dec 2026", "Jan 2027"])
    #expect(segments.map(\.pointIndices) == [0...1, 2...3])
    #expect(segments[0].start == F.utc("2026-12-01T05:00:00Z"))
    #expect(segments[0].end == F.utc("2027-01-01T05:00:00Z"))
    #expect(segments[1].end == F.utc("2027-02-01T05:00:00Z"))
  }

  @Test func yearsStartAtNewYorkMidnightOnJanuaryFirst() {
    // The 20:00 point on December 31 is already January 1 in UTC.
    let times = [
      F.time("2025-06-02", 9, 30), F.time("2025-12-31", 20, 0), F.time("2026-01-02", 9, 30),
    ]

    let segments = ChartSegments(times: times, unit: .year).segments

    #expect(segments.map(\.label) == ["2025", "2026"])
    #expect(segments.map(\.pointIndices) == [0...1, 2...2])
    #expect(segments[1].start == F.utc("2026-01-01T05:00:00Z"))
    #expect(segments[1].end == F.utc("2027-01-01T05:00:00Z"))
  }

  @Test func theRepeatedHourWhenClocksGoBackIsTwoSegments() {
    // Sunday 2026-11-01: 01:00 … 01:59 happens in EDT and again in EST.
    let times = [
      "2026-11-01T04:30:00Z",  // 00:30 EDT
      "2026-11-01T05:30:00Z",  // 01:30 EDT
      "2026-11-01T06:30:00Z",  // 01:30 EST
      "2026-11-01T07:30:00Z",  // 02:30 EST
    ].map(F.utc)

    let segments = ChartSegments(times: times, unit: .hour).segments

    #expect(segments.map(\.label) == ["12 AM", "1 AM", "1 AM", "2 AM"])
    #expect(segments[2].start == F.utc("2026-11-01T06:00:00Z"))
  }

  @Test func noPointsHaveNoSegmentsAndNoNearestPoint() {
    let chart = ChartSegments(points: [], unit: .day)

    #expect(chart.segments.isEmpty)
    #expect(chart.pointIndex(nearest: F.time("2026-11-17", 12, 0)) == nil)
    #expect(chart.segmentIndex(containing: F.time("2026-11-17", 12, 0)) == nil)
  }
}
