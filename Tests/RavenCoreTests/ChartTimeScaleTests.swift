import Foundation
import RavenCore
import Testing

@Suite("Chart time scale")
struct ChartTimeScaleTests {
  typealias F = ChartFixture

  /// 09:30 … 15:59 over 389 pixels: one pixel a minute.
  let scale = ChartTimeScale(
    first: F.time("2026-11-17", 9, 30), last: F.time("2026-11-17", 15, 59), width: 389)

  @Test func mapsAPixelToTheTimeUnderIt() {
    #expect(scale.time(atX: 0) == F.time("2026-11-17", 9, 30))
    #expect(scale.time(atX: 150) == F.time("2026-11-17", 12, 0))
    #expect(scale.time(atX: 150.5) == F.time("2026-11-17", 12, 0, second: 30))
    #expect(scale.time(atX: 389) == F.time("2026-11-17", 15, 59))
  }

  @Test func clampsAFingerDraggedPastTheEdges() {
    #expect(scale.time(atX: -40) == F.time("2026-11-17", 9, 30))
    #expect(scale.time(atX: 500) == F.time("2026-11-17", 15, 59))
  }

  @Test func mapsATimeBackToItsPixel() {
    #expect(scale.x(at: F.time("2026-11-17", 12, 0)) == 150)
    #expect(scale.x(at: F.time("2026-11-17", 9, 29)) == -1)
  }

  @Test func aChartWithoutWidthOrSpanStaysOnItsFirstTime() {
    let time = F.time("2026-11-17", 9, 30)
    #expect(ChartTimeScale(first: time, last: time + 60, width: 0).time(atX: 10) == time)
    #expect(ChartTimeScale(first: time, last: time, width: 300).x(at: time + 60) == 0)
  }
}
