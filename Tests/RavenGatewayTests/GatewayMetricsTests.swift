import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway

@Suite("Gateway: metrics")
struct GatewayMetricsTests {
  @Test("Upstream calls and cache results are counted by kind and outcome")
  func counts() async throws {
    let fixture = GatewayFixture(
      budget: RateBudget(limits: [RateLimit(capacity: 5, refillPerSecond: 0.1)]))
    fixture.fake.setQuotes([GatewayFixture.quote("AAPL", 100), GatewayFixture.quote("MSFT", 300)])
    fixture.fake.markUnknown("ZZZZ")
    _ = try await fixture.gateway.quotes(for: ["AAPL", "MSFT", "ZZZZ"], at: fixture.clock.now)
    _ = try await fixture.gateway.quotes(for: ["AAPL", "MSFT"], at: fixture.clock.now)
    fixture.fake.fail()
    fixture.clock.advance(by: 2)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)

    #expect(fixture.upstreamCalls(.quote, "success") == 1)
    #expect(fixture.upstreamCalls(.quote, "failure") == 1)
    #expect(fixture.upstreamCalls(.quote, "rate_limited") == 0)
    #expect(fixture.cacheRequests(.quote, "miss") == 3)
    #expect(fixture.cacheRequests(.quote, "hit") == 2)
    #expect(fixture.cacheRequests(.quote, "stale") == 1)
    let tokens = try fixture.metrics.expectGauge(
      "raven_upstream_tokens_remaining", [("provider", "fake")])
    #expect(tokens.lastValue == 3, "5, less two calls, plus 0.2 refilled")
  }

  @Test("No metric is labelled with a symbol")
  func noSymbolLabels() async throws {
    let fixture = GatewayFixture()
    let symbols = GatewayFixture.symbols(20)
    fixture.fake.setQuotes(symbols.map { GatewayFixture.quote($0, 10) })
    _ = await fixture.gateway.fetchQuotes(for: symbols, at: fixture.clock.now)
    let labels = Set(
      fixture.metrics.counters.flatMap { counter in counter.dimensions.map(\.1) })
    #expect(labels.isDisjoint(with: symbols.map(\.rawValue)))
    #expect(labels.isSuperset(of: ["fake", "quote", "success", "hit", "miss", "stale"]))
  }
}
