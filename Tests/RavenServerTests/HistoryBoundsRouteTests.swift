import Foundation
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// Where a portfolio history starts and ends (issue 35): an explicit window holds only its
/// own transfers; after a reset, a range starts at the reset with the new starting cash.
@Suite("Portfolio history's bounds")
struct HistoryBoundsRouteTests {
  @Test("A window with an end leaves out the transfers after it")
  func windowEnd() async throws {
    let clock = ManualWallClock(TestServer.midSession.addingTimeInterval(-2 * 86_400))
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      let deposit = #"{"amount":"1000.00","direction":"deposit"}"#
      #expect(
        try await client.json(
          .post, "/api/v1/portfolio/transfers", body: deposit, headers: browser.headers()
        ).status == .created)
      let end = clock.now.addingTimeInterval(3_600)
      clock.set(TestServer.midSession)
      _ = try await client.json(
        .post, "/api/v1/portfolio/transfers", body: deposit, headers: browser.headers())
      let start = end.addingTimeInterval(-86_400)
      let query =
        "start=\(start.ISO8601Format())&end=\(end.ISO8601Format())&timeframe=1H&cashflow_types=ALL"
      let history = try await client.json(
        .get, "/v2/account/portfolio/history?\(query)", headers: key.headers
      ).object()
      let times = try #require(history["timestamp"] as? [Int])
      #expect(times.allSatisfy { $0 <= Int(end.timeIntervalSince1970) })
      let flows = try #require(history["cashflow"] as? [String: [NSNumber]])
      #expect(flows["CSD"]?.map(\.doubleValue).reduce(0, +) == 1_000)
    }
  }

  @Test("After a reset, a range starts at the reset, with the new starting cash")
  func afterReset() async throws {
    let clock = ManualWallClock(TestServer.midSession.addingTimeInterval(-86_400))
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let bot = try await client.openAccount(browser, "Bot", cash: "5000")
      _ = try await client.json(
        .post, "/api/v1/trades?account=\(bot)",
        body: #"{"symbol":"AAPL","side":"buy","shares":"3"}"#,
        headers: browser.headers())
      clock.set(TestServer.midSession)
      let reset = try await client.json(
        .post, "/api/v1/accounts/\(bot)/reset", body: #"{"startingCash":"1000.00"}"#,
        headers: browser.headers())
      #expect(reset.status == .ok)
      let resetAt = clock.now
      clock.advance(by: 600)
      let history = try await client.json(
        .get, "/api/v1/portfolio/history?range=1W&account=\(bot)", headers: browser.headers()
      ).object()
      let points = try #require(history["points"] as? [[String: Any]])
      let first = try #require(points.first)
      #expect(first["value"] as? String == "1000.00")
      let firstTime = try #require(
        (first["time"] as? String).map { try Date($0, strategy: .iso8601) })
      #expect(abs(firstTime.timeIntervalSince(resetAt)) < 1)
      #expect(points.allSatisfy { $0["value"] as? String == "1000.00" })
    }
  }
}
