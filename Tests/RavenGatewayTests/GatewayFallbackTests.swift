import Foundation
import MetricsTestKit
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

/// Two live sources for the same kinds, as with Finnhub and Alpha Vantage: the second
/// answers when the first is failing or cannot serve a kind, and each answer names the
/// source it came from.
@Suite("Gateway fallback across providers")
struct GatewayFallbackTests {
  let clock = ManualWallClock(GatewayFixture.start)
  let main = FakeMarketDataProvider(
    attribution: DataAttribution(name: "Main", url: nil, isSimulated: false))
  let spare = FakeMarketDataProvider(
    attribution: DataAttribution(name: "Spare", url: nil, isSimulated: false))
  let gateway: MarketGateway

  init() {
    var configuration = MarketGatewayConfiguration()
    configuration.lifetimes.quote = 2
    gateway = MarketGateway(
      sources: [
        MarketSource(
          provider: main,
          policy: UpstreamPolicy(
            id: "main", budget: RateBudget(limits: [.atMost(2, per: 60, burst: 2)]),
            circuitBreaker: CircuitBreakerPolicy(failureThreshold: 1, coolDown: 30),
            capabilities: [.quote, .bars])),
        MarketSource(
          provider: spare, policy: UpstreamPolicy(id: "spare", capabilities: [.quote, .bars])),
      ],
      configuration: configuration, clock: clock, sleeper: clock, metricsFactory: TestMetrics())
    main.setQuote(GatewayFixture.quote("AAPL", 200))
    spare.setQuote(GatewayFixture.quote("AAPL", 201))
  }

  @Test("the first source answers while it can, and its answer names it")
  func mainFirst() async throws {
    let answer = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(answer.value.price == Price(cents: 20_000))
    #expect(answer.source?.name == "Main")
    #expect(spare.totalCalls == 0)
  }

  @Test("a failing source hands over to the next, fresh, until it recovers")
  func failover() async throws {
    main.fail()
    let answer = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(answer.value.price == Price(cents: 20_100))
    #expect(answer.source?.name == "Spare")
    #expect(!answer.isStale)
    #expect(main.callCount(.quote) == 1 && spare.callCount(.quote) == 1)

    // The open circuit sends the next calls straight to the spare, without asking main.
    clock.advance(by: 5)
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(main.callCount(.quote) == 1 && spare.callCount(.quote) == 2)

    main.recover()
    clock.advance(by: 31)
    let back = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(back.source?.name == "Main")
    #expect(back.value.price == Price(cents: 20_000))
  }

  @Test("a source that cannot serve a kind is not asked for it again")
  func unsupportedMovesTheRoute() async throws {
    let bars = GatewayFixture.minuteBars(from: GatewayFixture.start, count: 2)
    spare.setBars(bars, for: "AAPL", resolution: .minute)
    main.fail(with: .unsupported(MarketDataKind.bars.description))
    let to = GatewayFixture.start.addingTimeInterval(120)
    let first = try await gateway.fetch(
      .bars(
        "AAPL", resolution: .minute, from: GatewayFixture.start, to: to, asOf: clock.now,
        adjustment: .raw))
    #expect(first.value == bars)
    #expect(first.source?.name == "Spare")
    clock.advance(by: 60)
    _ = try await gateway.fetch(
      .bars(
        "AAPL", resolution: .minute, from: GatewayFixture.start, to: to, asOf: clock.now,
        adjustment: .raw))
    #expect(main.callCount(.bars) == 1)
    #expect(gateway.source(for: .bars)?.name == "Spare")
    let status = gateway.providerStatus()
    #expect(status[0].capabilities == [.quote])
    #expect(status[1].capabilities == [.bars])
    #expect(status[1].fallbackFor == [.quote])
  }

  @Test("a source that cannot serve one request is still asked for others of its kind")
  func unsupportedRequestKeepsTheRoute() async throws {
    let bars = GatewayFixture.minuteBars(from: GatewayFixture.start, count: 2)
    spare.setBars(bars, for: "AAPL", resolution: .minute)
    main.fail(with: .unsupportedRequest(MarketDataKind.bars.description))
    let to = GatewayFixture.start.addingTimeInterval(120)
    let first = try await gateway.fetch(
      .bars(
        "AAPL", resolution: .minute, from: GatewayFixture.start, to: to, asOf: clock.now,
        adjustment: .raw))
    #expect(first.source?.name == "Spare")
    #expect(gateway.source(for: .bars)?.name == "Main")
    main.recover()
    main.setBars(bars, for: "MSFT", resolution: .minute)
    let other = try await gateway.fetch(
      .bars(
        "MSFT", resolution: .minute, from: GatewayFixture.start, to: to, asOf: clock.now,
        adjustment: .raw))
    #expect(other.source?.name == "Main")
  }

  @Test("out of budget with a last good value: stale from the cache, the spare untouched")
  func throttledServesStale() async throws {
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    clock.advance(by: 3)
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    clock.advance(by: 3)
    let answer = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(answer.isStale)
    #expect(answer.staleReason == .rateLimited)
    #expect(answer.source?.name == "Main")
    #expect(main.callCount(.quote) == 2)
    #expect(spare.totalCalls == 0)
  }

  @Test("out of budget with nothing cached: the spare answers")
  func throttledWithoutCacheFallsBack() async throws {
    spare.setQuote(GatewayFixture.quote("MSFT", 400))
    main.setQuote(GatewayFixture.quote("MSFT", 399))
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    clock.advance(by: 3)
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    let answer = try await gateway.fetch(.quote("MSFT", at: clock.now))
    #expect(answer.source?.name == "Spare")
    #expect(answer.value.price == Price(cents: 40_000))
  }

  @Test("every source down: the last good value, stale, never an error")
  func allDown() async throws {
    _ = try await gateway.fetch(.quote("AAPL", at: clock.now))
    main.fail()
    spare.fail()
    clock.advance(by: 10)
    let answer = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(answer.isStale)
    #expect(answer.age == 10)
    #expect(answer.source?.name == "Main")
    await #expect(throws: MarketDataError.self) {
      try await gateway.fetch(.quote("MSFT", at: clock.now))
    }
  }

  @Test("an unknown symbol is an answer: the spare is not asked")
  func definitiveAnswersStay() async throws {
    main.markUnknown("ZZZZ")
    await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
      try await gateway.fetch(.quote("ZZZZ", at: clock.now))
    }
    #expect(spare.totalCalls == 0)
  }
}
