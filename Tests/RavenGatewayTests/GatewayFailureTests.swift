import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

@Suite("Gateway: stale values, the circuit breaker and unknown symbols")
struct GatewayFailureTests {
  @Test("Provider down mid-session: stale values with their age, then fresh after the cool-down")
  func providerDownMidSession() async throws {
    let fixture = GatewayFixture(
      circuitBreaker: CircuitBreakerPolicy(failureThreshold: 3, coolDown: 60))
    let gateway = fixture.gateway
    fixture.fake.setQuotes([GatewayFixture.quote("AAPL", 100), GatewayFixture.quote("MSFT", 300)])
    fixture.fake.setProfile(GatewayFixture.profile("AAPL"))
    _ = try await gateway.quote(for: "AAPL", at: fixture.clock.now)
    _ = try await gateway.profile(for: "AAPL", at: fixture.clock.now)

    fixture.fake.fail()
    fixture.clock.advance(by: 5)
    let stale = try await gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(stale.value.price == Price(cents: 10_000))
    #expect(stale.isStale)
    #expect(stale.age == 5)
    #expect(stale.fetchedAt == GatewayFixture.start)
    #expect(stale.staleReason?.code == "market_data_unavailable")
    #expect(
      try await gateway.quote(for: "AAPL", at: fixture.clock.now).price == Price(cents: 10_000))
    await #expect(throws: MarketDataError.unavailable("the fake provider is down")) {
      try await gateway.quote(for: "MSFT", at: fixture.clock.now)
    }
    #expect(fixture.fake.callCount(.quote) == 4)
    #expect(fixture.gateway.providerStatus().first?.circuit.state == .open)

    // The circuit is open: no more calls, stale answers, and the profile still fresh.
    fixture.clock.advance(by: 30)
    #expect(try await gateway.fetch(.quote("AAPL", at: fixture.clock.now)).age == 35)
    await #expect(throws: MarketDataError.self) {
      try await gateway.quote(for: "MSFT", at: fixture.clock.now)
    }
    #expect(try await gateway.fetch(.profile("AAPL", at: fixture.clock.now)).isStale == false)
    #expect(fixture.fake.totalCalls == 5)

    fixture.fake.recover()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 105))
    fixture.clock.advance(by: 29)
    #expect(
      try await gateway.fetch(.quote("AAPL", at: fixture.clock.now)).isStale, "still cooling down")
    #expect(fixture.fake.totalCalls == 5)

    fixture.clock.advance(by: 1)
    #expect(gateway.providerStatus().first?.circuit.state == .halfOpen)
    let fresh = try await gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(!fresh.isStale)
    #expect(fresh.value.price == Price(cents: 10_500))
    #expect(gateway.providerStatus().first?.circuit.state == .closed)
    #expect(
      try await gateway.quote(for: "MSFT", at: fixture.clock.now).price == Price(cents: 30_000))
  }

  @Test("A failed trial call keeps the circuit open for another cool-down")
  func failedTrial() async throws {
    let fixture = GatewayFixture(
      circuitBreaker: CircuitBreakerPolicy(failureThreshold: 1, coolDown: 10))
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.fake.fail()
    fixture.clock.advance(by: 2)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.clock.advance(by: 10)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.quote) == 3)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.quote) == 3)
    let status = try #require(fixture.gateway.providerStatus().first)
    #expect(status.circuit.state == .open)
    #expect(status.circuit.retryAt == fixture.clock.now.addingTimeInterval(10))
  }

  @Test("Unknown symbols are passed through, remembered briefly, and never masked as stale")
  func unknownSymbols() async throws {
    let fixture = GatewayFixture(
      circuitBreaker: CircuitBreakerPolicy(failureThreshold: 2, coolDown: 60))
    let gateway = fixture.gateway
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    fixture.fake.markUnknown("ZZZZ")
    for _ in 0..<3 {
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await gateway.quote(for: "ZZZZ", at: fixture.clock.now)
      }
    }
    #expect(fixture.fake.callCount(.quote) == 1, "remembered for the negative lifetime")
    fixture.clock.advance(by: 60)
    await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
      try await gateway.quote(for: "ZZZZ", at: fixture.clock.now)
    }
    #expect(fixture.fake.callCount(.quote) == 2)
    #expect(gateway.providerStatus().first?.circuit.state == .closed)

    // A symbol delisted after it was fetched is unknown, not stale.
    _ = try await gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.fake.markUnknown("AAPL")
    fixture.clock.advance(by: 3)
    await #expect(throws: MarketDataError.unknownSymbol("AAPL")) {
      try await gateway.quote(for: "AAPL", at: fixture.clock.now)
    }

    // A batch leaves unknown symbols out.
    fixture.fake.setQuote(GatewayFixture.quote("MSFT", 300))
    fixture.fake.markUnknown("QQQQ")
    let batch = await gateway.fetchQuotes(for: ["MSFT", "ZZZZ", "QQQQ"], at: fixture.clock.now)
    #expect(Set(batch.quotes.keys) == ["MSFT"])
    #expect(batch.failures == ["ZZZZ": .unknownSymbol("ZZZZ"), "QQQQ": .unknownSymbol("QQQQ")])
    #expect(try await gateway.quotes(for: ["ZZZZ"], at: fixture.clock.now).isEmpty)
  }

  @Test("No data and invalid requests are passed through too")
  func definitiveErrors() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setBars([], for: "AAPL", resolution: .minute)
    let now = fixture.clock.now
    await #expect(throws: MarketDataError.invalidRequest("The interval is empty")) {
      try await fixture.gateway.rawBars(
        for: "AAPL", resolution: .minute, from: now, to: now, asOf: fixture.clock.now)
    }
    #expect(
      try await fixture.gateway.rawBars(
        for: "AAPL", resolution: .minute, from: now.addingTimeInterval(-60), to: now,
        asOf: fixture.clock.now
      ).isEmpty)
  }

  @Test("A batch serves what it can while the provider is down and throws only with nothing")
  func batchWhileDown() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuotes([GatewayFixture.quote("A", 1), GatewayFixture.quote("B", 2)])
    _ = try await fixture.gateway.quotes(for: ["A"], at: fixture.clock.now)
    fixture.fake.fail()
    fixture.clock.advance(by: 10)
    let answer = await fixture.gateway.fetchQuotes(for: ["A", "B"], at: fixture.clock.now)
    #expect(answer.quotes["A"]?.isStale == true)
    #expect(answer.oldestAge == 10)
    #expect(answer.failures["B"]?.code == "market_data_unavailable")
    #expect(
      try await fixture.gateway.quotes(for: ["A", "B"], at: fixture.clock.now).keys.sorted() == [
        "A"
      ])
    await #expect(throws: MarketDataError.unavailable("the fake provider is down")) {
      try await fixture.gateway.quotes(for: ["B"], at: fixture.clock.now)
    }
  }
}
