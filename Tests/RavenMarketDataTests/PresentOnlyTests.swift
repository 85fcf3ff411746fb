import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData

@Suite("A live provider's present")
struct PresentOnlyTests {
  @Test("instants within the tolerance of now are served; earlier and later ones are refused")
  func tolerance() throws {
    let clock = ManualWallClock(MarketFixture.now)
    let present = PresentOnly(clock: clock, tolerance: 60)
    try present.check(MarketFixture.now)
    try present.check(MarketFixture.now.addingTimeInterval(-60))
    try present.check(MarketFixture.now.addingTimeInterval(60))
    let past = MarketFixture.now.addingTimeInterval(-61)
    #expect(throws: MarketDataError.unservedInstant(past)) { try present.check(past) }
    let future = MarketFixture.now.addingTimeInterval(61)
    #expect(throws: MarketDataError.unservedInstant(future)) { try present.check(future) }
    clock.advance(by: 61)
    try present.check(future)
  }

  @Test("the refusal names the instant")
  func message() {
    let instant = MarketFixture.instant("2025-03-03T14:30:00Z")
    #expect(
      MarketDataError.unservedInstant(instant).message
        == "This market data source answers only for the present, not for 2025-03-03T14:30:00Z")
  }
}
