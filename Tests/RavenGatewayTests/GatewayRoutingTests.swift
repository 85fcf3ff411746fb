import Foundation
import MetricsTestKit
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

/// A gateway over two sources: a "live" one serving some kinds on a budget, and a
/// "simulated" one serving the rest, as with a free Finnhub key and the simulated market.
@Suite("Gateway routing across providers")
struct GatewayRoutingTests {
  let clock = ManualWallClock(GatewayFixture.start)
  let live = FakeMarketDataProvider(
    attribution: DataAttribution(name: "Live", url: nil, isSimulated: false))
  let simulated = FakeMarketDataProvider()
  let gateway: MarketGateway

  init() {
    gateway = MarketGateway(
      sources: [
        MarketSource(
          provider: live,
          policy: UpstreamPolicy(
            id: "live", budget: RateBudget(limits: [.atMost(2, per: 60, burst: 2)]),
            capabilities: [.quote, .profile, .news], batchQuoteCost: .perSymbol)),
        MarketSource(provider: simulated, policy: UpstreamPolicy(id: "simulated")),
      ],
      clock: clock, sleeper: clock, metricsFactory: TestMetrics())
  }

  @Test("each kind goes to the first source that serves it")
  func routesByKind() async throws {
    live.setQuote(GatewayFixture.quote("AAPL", 200))
    simulated.setQuote(GatewayFixture.quote("AAPL", 100))
    let bars = GatewayFixture.minuteBars(from: GatewayFixture.start, count: 3)
    simulated.setBars(bars, for: "AAPL", resolution: .minute)
    let quote = try await gateway.quote(for: "AAPL", at: clock.now)
    #expect(quote.price == Price(cents: 20_000))
    let history = try await gateway.rawBars(
      for: "AAPL", resolution: .minute, from: GatewayFixture.start,
      to: GatewayFixture.start.addingTimeInterval(180), asOf: clock.now)
    #expect(history == bars)
    #expect(live.callCount(.quote) == 1 && live.callCount(.bars) == 0)
    #expect(simulated.callCount(.quote) == 0 && simulated.callCount(.bars) == 1)
    #expect(gateway.attribution.name == "Live")
  }

  @Test("the simulated source's calls spend none of the live source's budget")
  func separateBudgets() async throws {
    let bars = GatewayFixture.minuteBars(from: GatewayFixture.start, count: 1)
    simulated.setBars(bars, for: "AAPL", resolution: .minute)
    for minute in 0..<5 {
      clock.advance(by: 60)
      _ = try await gateway.rawBars(
        for: "AAPL", resolution: .minute, from: GatewayFixture.start,
        to: GatewayFixture.start.addingTimeInterval(Double(600 + minute * 60)), asOf: clock.now)
    }
    let status = gateway.providerStatus()
    #expect(status.map(\.id) == ["live", "simulated"])
    #expect(status[0].remainingCalls == 2)
    #expect(simulated.callCount(.bars) == 5)
  }

  @Test("the providers report lists what each source serves here")
  func statusShowsRoutes() {
    let status = gateway.providerStatus()
    #expect(status[0].capabilities == [.quote, .profile, .news])
    #expect(
      Set(status[1].capabilities)
        == Set(MarketDataKind.allCases).subtracting([.quote, .profile, .news]))
  }

  @Test("a kind no source serves is refused as unsupported")
  func noSource() async throws {
    let gateway = MarketGateway(
      sources: [
        MarketSource(provider: live, policy: UpstreamPolicy(id: "live", capabilities: [.quote]))
      ], clock: clock, sleeper: clock, metricsFactory: TestMetrics())
    await #expect(throws: MarketDataError.unsupported(MarketDataKind.peers.description)) {
      try await gateway.peers(for: "AAPL")
    }
    #expect(live.totalCalls == 0)
  }
}
