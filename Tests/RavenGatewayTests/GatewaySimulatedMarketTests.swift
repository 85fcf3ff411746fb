import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Gateway: in front of the simulated market")
struct GatewaySimulatedMarketTests {
  /// A gateway over the simulated market, both reading `clock`.
  func gateway(_ market: SimulatedMarket, clock: any WallClock) -> MarketGateway {
    MarketGateway(
      upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: clock,
      sleeper: ManualWallClock(clock.now))
  }

  /// Mid-session, just after the close, and on a Saturday: `to` rounds up differently.
  static let instants = ["2026-11-20T17:45:12Z", "2026-11-20T21:00:01Z", "2026-11-21T10:20:30Z"]
    .map(MarketFixture.instant)

  @Test(
    "Charts drawn through the gateway are the charts drawn from the market itself",
    arguments: [ChartRange.oneDay, .oneWeek, .oneMonth, .threeMonths])
  func chartsMatch(range: ChartRange) async throws {
    for now in Self.instants {
      let market = MarketFixture.market()
      let gateway = gateway(market, clock: FixedWallClock(now))
      let direct = ChartBuilder(provider: market, calendar: MarketFixture.calendar)
      let cached = ChartBuilder(provider: gateway, calendar: MarketFixture.calendar)
      let expected = try await direct.priceChart(for: "AAPL", range: range, now: now)
      #expect(try await cached.priceChart(for: "AAPL", range: range, now: now) == expected)
    }
  }

  @Test(
    "Weekly and monthly bars up to 'now' are cut back exactly from the rounded-up request",
    arguments: [BarResolution.week, .month])
  func calendarBarsMatch(resolution: BarResolution) async throws {
    for now in Self.instants {
      let market = MarketFixture.market()
      let gateway = gateway(market, clock: FixedWallClock(now))
      let from = MarketFixture.instant("2026-05-01T04:00:00Z")
      for to in [now, now.addingTimeInterval(1), now.addingTimeInterval(-3_599)] {
        let expected = try market.bars(
          for: "AAPL", resolution: resolution, from: from, to: to, asOf: now)
        #expect(
          try await gateway.rawBars(
            for: "AAPL", resolution: resolution, from: from, to: to, asOf: now)
            == expected)
      }
    }
  }

  @Test("Every kind of answer comes through unchanged, and unknown symbols stay unknown")
  func answersMatch() async throws {
    let now = MarketFixture.instant("2026-11-20T17:45:12Z")
    let market = MarketFixture.market()
    let gateway = gateway(market, clock: FixedWallClock(now))
    let week = now.addingTimeInterval(-7 * 86_400)
    #expect(try await gateway.quote(for: "AAPL", at: now) == market.quote(for: "AAPL", at: now))
    #expect(
      try await gateway.quotes(for: ["AAPL", "MSFT", "NOPE"], at: now)
        == market.quotes(for: ["AAPL", "MSFT", "NOPE"], at: now))
    #expect(try await gateway.search("apple", limit: 5) == market.search("apple", limit: 5))
    #expect(try await gateway.profile(for: "AAPL", at: now) == market.profile(for: "AAPL", at: now))
    #expect(
      try await gateway.news(for: "AAPL", from: week, to: now, asOf: now)
        == market.news(for: "AAPL", from: week, to: now, asOf: now))
    #expect(try await gateway.peers(for: "AAPL") == market.peers(for: "AAPL"))
    #expect(
      try await gateway.recommendationTrends(for: "AAPL", asOf: now)
        == market.recommendationTrends(for: "AAPL", asOf: now))
    #expect(
      try await gateway.earnings(for: "AAPL", asOf: now) == market.earnings(for: "AAPL", asOf: now))
    let today = MarketFixture.calendar.timeZone.marketDate(of: now)
    #expect(
      try await gateway.socialSentiment(
        for: "AAPL", from: today.adding(days: -7), to: today, asOf: now)
        == market.socialSentiment(for: "AAPL", from: today.adding(days: -7), to: today, asOf: now))
    #expect(try await gateway.marketStatus(at: now) == market.marketStatus(at: now))
    #expect(gateway.attribution == market.attribution)
    await #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try await gateway.quote(for: "NOPE", at: now)
    }
  }
}
