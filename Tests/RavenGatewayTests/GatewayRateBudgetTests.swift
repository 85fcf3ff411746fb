import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

@Suite("Gateway: rate budget")
struct GatewayRateBudgetTests {
  /// One token, and the next one `refillSeconds` later.
  func fixture(refillSeconds: TimeInterval, maxWait: TimeInterval = 1) -> GatewayFixture {
    var configuration = MarketGatewayConfiguration()
    configuration.maxTokenWait = maxWait
    let fixture = GatewayFixture(
      budget: RateBudget(limits: [RateLimit(capacity: 1, refillPerSecond: 1 / refillSeconds)]),
      configuration: configuration)
    fixture.fake.setQuotes([GatewayFixture.quote("AAPL", 100), GatewayFixture.quote("MSFT", 300)])
    return fixture
  }

  @Test("Without a token an expired value is served stale at once, without waiting")
  func staleRatherThanWait() async throws {
    let fixture = fixture(refillSeconds: 10)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.clock.advance(by: 5)
    let answer = try await fixture.gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(answer.isStale)
    #expect(answer.staleReason == .rateLimited)
    #expect(answer.age == 5)
    #expect(fixture.clock.sleeps.isEmpty)
    #expect(fixture.fake.totalCalls == 1)
    #expect(fixture.upstreamCalls(.quote, "rate_limited") == 1)
    #expect(fixture.cacheRequests(.quote, "stale") == 1)
  }

  @Test("With nothing cached it waits for a token that comes within the maximum wait")
  func waitsBriefly() async throws {
    let fixture = fixture(refillSeconds: 0.5)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    let answer = try await fixture.gateway.fetch(.quote("MSFT", at: fixture.clock.now))
    #expect(!answer.isStale)
    #expect(fixture.clock.sleeps == [0.5])
    #expect(fixture.fake.totalCalls == 2)
  }

  @Test("With nothing cached and no token in sight it refuses with rateLimited")
  func refusesBeyondMaxWait() async throws {
    let fixture = fixture(refillSeconds: 2)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    await #expect(throws: MarketDataError.rateLimited) {
      try await fixture.gateway.quote(for: "MSFT", at: fixture.clock.now)
    }
    #expect(fixture.clock.sleeps.isEmpty)
    #expect(fixture.fake.totalCalls == 1)
    #expect(fixture.gateway.providerStatus().first?.remainingCalls == 0)
  }

  @Test("A provider's own rate-limit answer empties the bucket and is served around")
  func upstreamRefusal() async throws {
    let fixture = GatewayFixture(
      budget: RateBudget(limits: [RateLimit(capacity: 10, refillPerSecond: 1)]))
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.fake.fail(with: .rateLimited)
    fixture.clock.advance(by: 2)
    let answer = try await fixture.gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(answer.staleReason == .rateLimited)
    #expect(fixture.gateway.providerStatus().first?.remainingCalls == 0)
    #expect(fixture.upstreamCalls(.quote, "rate_limited") == 1)
  }

  @Test("The providers report shows the budget left and the circuit")
  func providerStatus() async throws {
    let fixture = GatewayFixture(budget: .finnhubFree)
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    let status = try #require(fixture.gateway.providerStatus().first)
    #expect(status.id == "fake")
    #expect(status.attribution.name == "Fake market data")
    #expect(status.capabilities == MarketDataKind.allCases)
    #expect(
      status.budget == [
        .init(
          capacity: 30, refillPerSecond: 31.0 / 60, remaining: 29, windowCalls: 60,
          windowSeconds: 60)
      ])
    #expect(status.circuit == .init(state: .closed, consecutiveFailures: 0, retryAt: nil))
  }
}

/// Servers sharing one provider key pay from one budget (issue 38).
@Suite("Gateway: rate budget shared by servers")
struct GatewaySharedBudgetTests {
  /// Finnhub's shape, smaller: at most 10 calls a minute, 5 at once.
  static let budget = RateBudget(limits: [.atMost(10, per: 60, burst: 5)])

  /// A server's gateway paying from `hall`, with eight symbols to quote.
  static func server(_ hall: SharedBudgetHall?) -> GatewayFixture {
    let fixture = GatewayFixture(budget: budget, sharedBudget: hall)
    fixture.fake.setQuotes(GatewayFixture.symbols(8).map { GatewayFixture.quote($0, 100) })
    return fixture
  }

  /// Asks each server for every symbol's quote (none cached); how many were answered.
  static func quoteAll(_ servers: [GatewayFixture]) async -> Int {
    var answered = 0
    for server in servers {
      for symbol in GatewayFixture.symbols(8) {
        if (try? await server.gateway.quote(for: symbol, at: server.clock.now)) != nil {
          answered += 1
        }
      }
    }
    return answered
  }

  @Test("Two servers make one budget's calls: five at once in all, not five each")
  func twoServersOneBudget() async throws {
    let hall = SharedBudgetHall()
    let servers = [Self.server(hall), Self.server(hall)]
    #expect(await Self.quoteAll(servers) == 5)
    #expect(servers.map(\.fake.totalCalls).reduce(0, +) == 5)
    // A minute on, the bucket has refilled for the window's rest: still one budget.
    for server in servers { server.clock.advance(by: 60) }
    _ = await Self.quoteAll(servers)
    #expect(servers.map(\.fake.totalCalls).reduce(0, +) == 10)
    // Apart, each server spends a whole budget.
    #expect(await Self.quoteAll([Self.server(nil), Self.server(nil)]) == 10)
  }

  @Test("When the shared budget cannot be reached, each server's own budget still holds")
  func unreachableSharedBudget() async throws {
    let hall = SharedBudgetHall()
    hall.setFailing(true)
    let server = Self.server(hall)
    #expect(await Self.quoteAll([server]) == 5)
    #expect(server.fake.totalCalls == 5)
  }
}

extension GatewaySharedBudgetTests {
  @Test("A provider's rate-limit answer to one server empties the budget for every server")
  func rateLimitAnswerDrainsTheSharedBudget() async throws {
    let hall = SharedBudgetHall()
    let first = Self.server(hall)
    let second = Self.server(hall)
    first.fake.fail(with: .rateLimited)
    _ = try? await first.gateway.quote(for: "S1", at: first.clock.now)
    // The drain runs in its own task: wait for the shared buckets to be empty.
    for _ in 0..<100 {
      let take = try await hall.take(
        upTo: 0, of: Self.budget, provider: "fake", at: first.clock.now)
      if take.wait ?? 0 > 0 { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    // The other server's own bucket is full, the key's budget is not.
    await #expect(throws: MarketDataError.rateLimited) {
      try await second.gateway.quote(for: "S2", at: second.clock.now)
    }
    #expect(second.fake.totalCalls == 0)
  }
}
