import Foundation
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// With live data, splits and dividends come from a live source that lists them (Alpaca),
/// never from the simulated market under it (issue 34).
@Suite("Live corporate actions wiring")
struct LiveCorporateActionWiringTests {
  static let dividend = CorporateAction(
    symbol: "KO", kind: .cashDividend(rate: Price(cents: 51), special: false),
    declarationDate: nil, exDate: MarketDate("2026-11-28")!, recordDate: MarketDate("2026-11-28")!,
    payableDate: MarketDate("2026-12-15")!)

  /// The simulated market under one live source serving `kinds`.
  func dependencies(live kinds: Set<MarketDataKind>) throws -> (
    ServerDependencies, FakeMarketDataProvider
  ) {
    let live = FakeMarketDataProvider(
      attribution: DataAttribution(name: "Live fake", url: nil, isSimulated: false))
    live.setCorporateActions([Self.dividend], for: "KO")
    var dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(),
      provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: ManualWallClock(TestServer.midSession), calendar: TestServer.calendar)
    dependencies.useLive(
      MarketSource(provider: live, policy: UpstreamPolicy(id: "live", capabilities: kinds)))
    return (dependencies, live)
  }

  @Test("A live source's actions are shown, undated declarations as null, and named")
  func liveSource() async throws {
    let (dependencies, live) = try dependencies(live: [.corporateActions])
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let body = try await client.json(.get, "/api/v1/stocks/KO/corporate-actions").object()
      #expect(body["source"] as? String == "Live fake")
      let actions = try #require(body["actions"] as? [[String: Any]])
      #expect(actions.map { $0["id"] as? String } == ["KO-DIV-2026-11-28"])
      #expect(actions.first?["declarationDate"] is NSNull)
      #expect(actions.first?["status"] as? String == "announced")
      let providers = try await client.json(.get, "/api/v1/market/providers").object()
      let sources = try #require(providers["sources"] as? [String: [String: Any]])
      #expect(sources["corporate_actions"]?["name"] as? String == "Live fake")
    }
    #expect(live.callCount(.corporateActions) == 1)
  }

  @Test(
    "A live source that lists none leaves none: the simulated ones are never booked on real prices")
  func noLiveSource() async throws {
    let (dependencies, live) = try dependencies(live: [.news])
    #expect(dependencies.sources.allSatisfy { !$0.policy.capabilities.contains(.corporateActions) })
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let body = try await client.json(.get, "/api/v1/stocks/KO/corporate-actions").object()
      #expect(body["source"] is NSNull)
      #expect((body["actions"] as? [Any])?.isEmpty == true)
      let providers = try await client.json(.get, "/api/v1/market/providers").object()
      let sources = try #require(providers["sources"] as? [String: Any])
      #expect(sources["corporate_actions"] == nil)
    }
    #expect(live.callCount(.corporateActions) == 0)
  }
}
