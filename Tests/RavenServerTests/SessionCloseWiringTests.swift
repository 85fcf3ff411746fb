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

/// With live data the server values an account's past at the closes it kept, and with the
/// simulated market it keeps none (issue 35).
@Suite("Session closes wiring")
struct SessionCloseWiringTests {
  static let days = (1...40).compactMap { offset -> Bar? in
    let date = TestServer.calendar.timeZone.marketDate(of: TestServer.midSession)
      .adding(days: -offset)
    guard TestServer.calendar.isTradingDay(date) else { return nil }
    return Bar(
      time: TestServer.calendar.timeZone.instant(on: date, secondsSinceMidnight: 0),
      open: Price(cents: 10_000), high: Price(cents: 10_000), low: Price(cents: 10_000),
      close: Price(cents: 10_000 + Int64(offset)), volume: 1_000)
  }.reversed()

  func history(live: Bool) async throws -> (SQLiteStore, points: Int) {
    let store = try SQLiteStore.temporary()
    var dependencies = ServerDependencies(
      store: store, provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: ManualWallClock(TestServer.midSession), calendar: TestServer.calendar)
    if live {
      let provider = FakeMarketDataProvider(
        attribution: DataAttribution(name: "Live fake", url: nil, isSimulated: false))
      provider.setBars(Array(Self.days), for: "AAPL", resolution: .day)
      dependencies.useLive(
        MarketSource(provider: provider, policy: UpstreamPolicy(id: "live", capabilities: [.bars])))
    }
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    let points = try await app.test(.router) { client in
      let browser = try await client.signUp()
      let trade = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      #expect(trade.status == .created)
      let body = try await client.json(
        .get, "/api/v1/portfolio/history?range=3M", headers: browser.headers()
      ).object()
      return try #require(body["points"] as? [[String: Any]]).count
    }
    return (store, points)
  }

  @Test("Live data: the sessions a history read are kept; simulated: none")
  func keepsWithLiveDataOnly() async throws {
    let (liveStore, livePoints) = try await history(live: true)
    #expect(livePoints > 0)
    let kept = try await liveStore.sessionCloses(
      of: "AAPL", from: MarketDate("2026-01-01")!, through: MarketDate("2026-12-31")!)
    #expect(kept.count == Self.days.count)
    #expect(kept.allSatisfy { $0.source == "Live fake" })

    let (simulatedStore, _) = try await history(live: false)
    #expect(
      try await simulatedStore.sessionCloses(
        of: "AAPL", from: MarketDate("2026-01-01")!, through: MarketDate("2026-12-31")!
      ).isEmpty)
  }
}
