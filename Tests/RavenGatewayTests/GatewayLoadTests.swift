import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway

/// The design's promise: upstream calls depend on the symbols watched, never on the
/// number of users watching them.
@Suite("Gateway: many clients, one upstream")
struct GatewayLoadTests {
  static let symbols = GatewayFixture.symbols(50)

  struct Session {
    var upstreamCalls: Int
    var callTimes: [Date]
    /// Symbols answered with an error, over all clients and rounds.
    var errors: Int
    var staleAnswers: Int
    var answers: Int
  }

  /// `clients` clients each ask for the quotes of the same 50 symbols, all at once; then
  /// the quote lifetime passes and they all ask again.
  func session(clients: Int, budget: RateBudget) async -> Session {
    let fixture = GatewayFixture(budget: budget)
    fixture.fake.setQuotes(Self.symbols.map { GatewayFixture.quote($0, 10) })
    let gateway = fixture.gateway
    var errors = 0
    var stale = 0
    var answers = 0
    for round in 0..<2 {
      if round == 1 { fixture.clock.advance(by: 3) }
      let now = fixture.clock.now
      let rounds = await withTaskGroup(of: QuotesAnswer.self) { group in
        for client in 0..<clients {
          // Each client lists the symbols in its own order.
          let offset = client % Self.symbols.count
          let symbols = Array(Self.symbols[offset...] + Self.symbols[..<offset])
          group.addTask { await gateway.fetchQuotes(for: symbols, at: now) }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      for answer in rounds {
        errors += answer.failures.count
        stale += answer.quotes.values.count { $0.isStale }
        answers += answer.quotes.count
      }
    }
    return Session(
      upstreamCalls: fixture.fake.totalCalls, callTimes: fixture.fake.calls.compactMap(\.at),
      errors: errors, staleAnswers: stale, answers: answers)
  }

  /// Whether `times` could all have taken a token from a bucket of `limit`.
  func withinBudget(_ times: [Date], _ limit: RateLimit) -> Bool {
    let sorted = times.sorted()
    for first in sorted.indices {
      for last in sorted.indices where last >= first {
        let span = sorted[last].timeIntervalSince(sorted[first])
        if Double(last - first + 1) > Double(limit.capacity) + limit.refillPerSecond * span + 1e-9 {
          return false
        }
      }
    }
    return true
  }

  @Test("1,000 clients make exactly the upstream calls of one client, within the budget")
  func thousandClientsAsOne() async {
    let budget = RateBudget.finnhubFree
    let one = await session(clients: 1, budget: budget)
    let many = await session(clients: 1_000, budget: budget)
    #expect(one.upstreamCalls == 2)
    #expect(many.upstreamCalls == one.upstreamCalls)
    #expect(withinBudget(many.callTimes, budget.limits[0]))
    #expect(many.errors == 0)
    #expect(many.answers == 2 * 1_000 * 50)
    #expect(many.staleAnswers == 0)
  }

  @Test("With the budget spent, 1,000 clients get stale quotes and no rate-limit errors")
  func spentBudgetServesStale() async {
    // One call, then the next token only after a minute.
    let budget = RateBudget(limits: [RateLimit(capacity: 1, refillPerSecond: 1.0 / 60)])
    let one = await session(clients: 1, budget: budget)
    let many = await session(clients: 1_000, budget: budget)
    #expect(one.upstreamCalls == 1)
    #expect(many.upstreamCalls == 1)
    #expect(many.errors == 0, "no rateLimited reaches a client while stale data exists")
    #expect(many.staleAnswers == 1_000 * 50)
    #expect(many.answers == 2 * 1_000 * 50)
  }

  @Test("A provider that charges per symbol is asked for what the budget covers, never more")
  func perSymbolCost() async throws {
    let fixture = GatewayFixture(
      budget: RateBudget(limits: [RateLimit(capacity: 30, refillPerSecond: 0.5)]),
      batchQuoteCost: .perSymbol)
    fixture.fake.setQuotes(Self.symbols.map { GatewayFixture.quote($0, 10) })
    let first = await fixture.gateway.fetchQuotes(for: Self.symbols, at: fixture.clock.now)
    #expect(first.quotes.count == 30)
    #expect(first.failures.count == 20)
    #expect(first.failures.values.allSatisfy { $0 == .rateLimited })
    #expect(fixture.fake.calls.map(\.symbols.count) == [30])
    // Ten seconds later five tokens: five of the never-fetched symbols, the rest stale.
    fixture.clock.advance(by: 10)
    let second = await fixture.gateway.fetchQuotes(for: Self.symbols, at: fixture.clock.now)
    #expect(fixture.fake.calls.map(\.symbols.count) == [30, 5])
    #expect(Set(fixture.fake.calls[1].symbols).isDisjoint(with: fixture.fake.calls[0].symbols))
    #expect(second.quotes.count == 35)
    #expect(second.quotes.values.count { $0.isStale } == 30)
    #expect(fixture.gateway.providerStatus().first?.remainingCalls == 0)
  }
}
