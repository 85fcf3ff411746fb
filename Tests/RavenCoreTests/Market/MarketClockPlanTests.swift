import Foundation
import RavenCore
import Testing

@Suite("The simulated market's clock at start")
struct MarketClockPlanTests {
  let wall = Date(timeIntervalSince1970: 1_800_000_000)
  let monday = Date(timeIntervalSince1970: 1_763_994_600)  // 2025-11-24 14:30 UTC

  func resolve(
    _ stored: MarketClockSetting?, _ request: MarketClockRequest, latestFill: Date? = nil
  ) throws(MarketClockError) -> MarketClockPlan {
    try MarketClockPlan.resolve(
      stored: stored, request: request, latestFill: latestFill, wallNow: wall)
  }

  @Test("Nothing stored and nothing asked: the market keeps real time")
  func realTime() throws {
    let plan = try resolve(nil, MarketClockRequest())
    #expect(plan == MarketClockPlan(setting: nil, changed: false, cancelsOpenOrders: false))
  }

  @Test("The first start and speed are stored; a speed alone starts from now")
  func first() throws {
    let plan = try resolve(nil, MarketClockRequest(start: monday, speed: 60))
    #expect(
      plan.setting == MarketClockSetting(start: monday, market: monday, wall: wall, speed: 60))
    #expect(plan.changed)
    let fast = try resolve(nil, MarketClockRequest(speed: 2))
    #expect(fast.setting?.time(atWall: wall.addingTimeInterval(10)) == wall.addingTimeInterval(20))
  }

  @Test("A restart without --sim-start, or with the same one, continues the stored time")
  func continues() throws {
    let stored = MarketClockSetting(
      start: monday, market: monday, wall: wall.addingTimeInterval(-100), speed: 60)
    for request in [MarketClockRequest(), MarketClockRequest(start: monday)] {
      let plan = try resolve(stored, request, latestFill: monday.addingTimeInterval(3_000))
      #expect(plan == MarketClockPlan(setting: stored, changed: false, cancelsOpenOrders: false))
      // The 100 s the server was down passed at 60×.
      #expect(plan.setting?.time(atWall: wall) == monday.addingTimeInterval(6_000))
    }
  }

  @Test("A new speed applies from the market's current time, which does not jump")
  func newSpeed() throws {
    let stored = MarketClockSetting(
      start: monday, market: monday, wall: wall.addingTimeInterval(-100), speed: 60)
    let plan = try resolve(stored, MarketClockRequest(speed: 1))
    let setting = try #require(plan.setting)
    #expect(plan.changed && !plan.cancelsOpenOrders)
    #expect(setting.start == monday && setting.speed == 1)
    #expect(setting.time(atWall: wall) == monday.addingTimeInterval(6_000))
    #expect(setting.time(atWall: wall.addingTimeInterval(10)) == monday.addingTimeInterval(6_010))
  }

  @Test("A start before the latest fill is refused in words, unless the market is reset")
  func backwards() throws {
    let stored = MarketClockSetting(start: monday, market: monday, wall: wall, speed: 1)
    let fill = monday.addingTimeInterval(600)
    let earlier = monday.addingTimeInterval(-86_400)
    #expect(
      throws: MarketClockError.wouldRunBackwards(start: earlier, latestFill: fill, stored: monday)
    ) {
      try resolve(stored, MarketClockRequest(start: earlier), latestFill: fill)
    }
    let message = MarketClockError.wouldRunBackwards(
      start: earlier, latestFill: fill, stored: monday
    )
    .description
    #expect(message.contains("--sim-reset") && message.contains("2025-11-24T14:40:00Z"))

    let reset = try resolve(
      stored, MarketClockRequest(start: earlier, reset: true), latestFill: fill)
    #expect(reset.setting?.market == earlier && reset.cancelsOpenOrders && reset.changed)
    // A reset without a start goes back to the stored one.
    let again = try resolve(stored, MarketClockRequest(reset: true), latestFill: fill)
    #expect(again.setting?.market == monday && again.setting?.wall == wall)
    // A start after the latest fill needs no reset: it moves the market there.
    let later = try resolve(stored, MarketClockRequest(start: fill), latestFill: fill)
    #expect(later.setting?.market == fill && !later.cancelsOpenOrders)
  }

  @Test("A speed outside (0, 10,000] is refused", arguments: [0, -1, 10_001, Double.nan])
  func invalidSpeed(speed: Double) {
    #expect(throws: MarketClockError.self) {
      try resolve(nil, MarketClockRequest(speed: speed))
    }
  }
}
