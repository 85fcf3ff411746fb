import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Gateway: answers for an instant")
struct GatewayInstantTests {
  static let live = GatewayFixture.start
  /// A backtest's instant: a month before the live one.
  static let past = GatewayFixture.start.addingTimeInterval(-30 * 86_400)

  @Test("The provider is asked for the caller's instant")
  func instantReachesTheProvider() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    fixture.fake.setMarketStatus(MarketFixture.calendar.status(at: Self.past))
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.past)
    _ = try await fixture.gateway.marketStatus(at: Self.past)
    #expect(fixture.fake.calls.map(\.asOf) == [Self.past, Self.past])
  }

  @Test("A live answer never serves an earlier instant, and a backtest's answer never evicts it")
  func pastDoesNotTouchLive() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.live)

    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 90, at: Self.past))
    let past = try await fixture.gateway.fetch(.quote("AAPL", at: Self.past))
    #expect(past.value.price == Price(cents: 9_000))
    #expect(fixture.fake.calls.map(\.asOf) == [Self.live, Self.past])

    // The live entry is still there: a second later, no upstream call, the live price.
    let live = try await fixture.gateway.fetch(.quote("AAPL", at: Self.live.addingTimeInterval(1)))
    #expect(live.value.price == Price(cents: 10_000))
    #expect(live.age == 1)
    #expect(fixture.fake.callCount(.quote) == 2)
  }

  @Test("An answer for t′ serves t only while t − t′ is within the lifetime")
  func lifetimeInMarketTime() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.past)
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.past.addingTimeInterval(1.5))
    #expect(fixture.fake.callCount(.quote) == 1)
    // The gateway's own clock has not moved, but the instant asked for has.
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.past.addingTimeInterval(2))
    #expect(fixture.fake.callCount(.quote) == 2)
  }

  @Test("A failing provider's last good value is not served for an earlier instant")
  func staleNeverFromTheFuture() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: Self.live)
    fixture.fake.fail()
    await #expect(throws: MarketDataError.unavailable("the fake provider is down")) {
      try await fixture.gateway.quote(for: "AAPL", at: Self.past)
    }
    let later = try await fixture.gateway.fetch(.quote("AAPL", at: Self.live.addingTimeInterval(5)))
    #expect(later.isStale && later.value.price == Price(cents: 10_000))
  }

  @Test("A request for an earlier instant does not join a flight for a later one")
  func flightsKeepTheirInstant() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    fixture.fake.suspendCalls()
    let gateway = fixture.gateway
    let live = Task { try await gateway.quote(for: "AAPL", at: Self.live) }
    await fixture.fake.waitForSuspendedCalls(1)
    let later = Task { try await gateway.quote(for: "AAPL", at: Self.live.addingTimeInterval(0.5)) }
    await fixture.waitForAwaitingCallers(2)
    let past = Task { try await gateway.quote(for: "AAPL", at: Self.past) }
    await fixture.fake.waitForSuspendedCalls(2)
    fixture.fake.resumeCalls()
    _ = try await (live.value, later.value, past.value)
    #expect(fixture.fake.calls.map(\.asOf) == [Self.live, Self.past])
  }

  @Test("Live requests join a slow flight however long it runs, aged for their own instant")
  func slowFlightIsJoined() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    fixture.fake.suspendCalls()
    let gateway = fixture.gateway
    let first = Task { try await gateway.fetch(.quote("AAPL", at: Self.live)) }
    await fixture.fake.waitForSuspendedCalls(1)
    // Past the quote's 2 s lifetime, but the flight has been running all that while.
    fixture.clock.advance(by: 5)
    let later = Task { try await gateway.fetch(.quote("AAPL", at: Self.live + 5)) }
    await fixture.waitForAwaitingCallers(2)
    fixture.fake.resumeCalls()
    let (a, b) = (try await first.value, try await later.value)
    #expect(fixture.fake.callCount(.quote) == 1)
    #expect(a.age == 0 && b.age == 5)
  }

  @Test("Through the gateway, the simulated market answers for any instant it covers")
  func simulatedPast() async throws {
    let market = MarketFixture.market()
    let clock = ManualWallClock(MarketFixture.now)
    let gateway = MarketGateway(
      upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: clock, sleeper: clock)
    let instant = MarketFixture.instant("2025-03-03T15:00:00Z")
    #expect(
      try await gateway.quote(for: "AAPL", at: instant)
        == (try market.quote(for: "AAPL", at: instant)))
    #expect(
      try await gateway.quote(for: "AAPL", at: MarketFixture.now)
        == (try market.quote(for: "AAPL", at: MarketFixture.now)))
    #expect(
      try await gateway.marketStatus(at: instant)
        == MarketFixture.calendar.status(at: instant))
  }
}
