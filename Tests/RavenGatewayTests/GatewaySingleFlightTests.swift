import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData

@Suite("Gateway: identical requests in flight share one upstream call")
struct GatewaySingleFlightTests {
  @Test(
    "N concurrent identical requests while the provider is slow make one call", arguments: [2, 100])
  func identicalRequests(clients: Int) async throws {
    let fixture = GatewayFixture()
    fixture.fake.setProfile(GatewayFixture.profile("AAPL", name: "Apple Inc"))
    fixture.fake.suspendCalls()
    let gateway = fixture.gateway
    let now = fixture.clock.now
    try await withThrowingTaskGroup(of: CompanyProfile.self) { group in
      for _ in 0..<clients {
        group.addTask { try await gateway.profile(for: "AAPL", at: now) }
      }
      await fixture.fake.waitForSuspendedCalls(1)
      await fixture.waitForAwaitingCallers(clients)
      fixture.fake.resumeCalls()
      var names: [String] = []
      for try await profile in group { names.append(profile.name) }
      #expect(names == Array(repeating: "Apple Inc", count: clients))
    }
    #expect(fixture.fake.callCount(.profile) == 1)
    #expect(fixture.cacheRequests(.profile, "miss") == Int64(clients))
  }

  @Test("Everyone waiting on a failed call gets the same error, once")
  func sharedFailure() async throws {
    let fixture = GatewayFixture()
    fixture.fake.suspendCalls()
    fixture.fake.fail()
    let gateway = fixture.gateway
    await withTaskGroup(of: MarketDataError?.self) { group in
      for _ in 0..<10 {
        group.addTask {
          do throws(MarketDataError) {
            _ = try await gateway.peers(for: "AAPL")
            return nil
          } catch {
            return error
          }
        }
      }
      await fixture.fake.waitForSuspendedCalls(1)
      await fixture.waitForAwaitingCallers(10)
      fixture.fake.resumeCalls()
      for await error in group { #expect(error?.code == "market_data_unavailable") }
    }
    #expect(fixture.fake.callCount(.peers) == 1)
  }

  @Test("A batch asks only for the symbols neither fresh nor already in flight, in one call")
  func batchesJoinFlights() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuotes(["A", "B", "C", "D", "E"].map { GatewayFixture.quote($0, 10) })
    _ = try await fixture.gateway.quotes(for: ["E"], at: fixture.clock.now)
    fixture.fake.suspendCalls()
    let gateway = fixture.gateway
    let now = fixture.clock.now
    let first = Task { await gateway.fetchQuotes(for: ["A", "B", "C"], at: now) }
    await fixture.fake.waitForSuspendedCalls(1)
    let second = Task { await gateway.fetchQuotes(for: ["B", "C", "D", "E", "E"], at: now) }
    await fixture.fake.waitForSuspendedCalls(2)
    let single = Task { try await gateway.quote(for: "D", at: now) }
    await fixture.waitForAwaitingCallers(3)
    fixture.fake.resumeCalls()
    let (a, b) = (await first.value, await second.value)
    _ = try await single.value
    #expect(Set(a.quotes.keys) == ["A", "B", "C"])
    #expect(Set(b.quotes.keys) == ["B", "C", "D", "E"])
    #expect(b.failures.isEmpty)
    #expect(fixture.fake.calls.map(\.symbols) == [["E"], ["A", "B", "C"], ["D"]])
    #expect(fixture.fake.callCount(.quotes) == 1, "one symbol is asked for with quote(for:)")
    #expect(fixture.cacheRequests(.quote, "hit") == 1)
  }
}
