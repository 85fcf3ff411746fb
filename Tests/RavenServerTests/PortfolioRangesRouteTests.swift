import Foundation
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

/// `GET /api/v1/portfolio/history` over the portfolio chart's seven ranges.
@Suite("The portfolio chart's ranges")
struct PortfolioRangesRouteTests {
  private static let newYork = ExchangeTimeZone()

  @Test("Each of 1D 1W 1M 3M YTD 1Y ALL answers its own span, in any case; 5Y is refused")
  func sevenRanges() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"3"}"#,
        headers: browser.headers())
      let bought = Self.newYork.marketDate(of: clock.now)
      clock.advance(by: 86_400 * 7)
      var firstDays: [String: MarketDate] = [:]
      var counts: [String: Int] = [:]
      for range in ["1D", "1w", "1M", "3M", "ytd", "1Y", "ALL"] {
        let answer = try await client.json(
          .get, "/api/v1/portfolio/history?range=\(range)", headers: browser.headers())
        #expect(answer.status == .ok, "\(range)")
        let body = try answer.object()
        #expect(body["range"] as? String == range.uppercased())
        let points = try #require(body["points"] as? [[String: Any]])
        let first = try #require(
          (points.first?["time"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        firstDays[range.uppercased()] = Self.newYork.marketDate(of: first)
        counts[range.uppercased()] = points.count
      }
      let today = Self.newYork.marketDate(of: clock.now)
      // Every range starts at the close before it: YTD at the last close of last year.
      #expect(
        firstDays["YTD"].map { $0.year == today.year - 1 && $0.month == 12 && $0.day >= 28 }
          == true)
      #expect(
        firstDays["ALL"].map { bought - $0 >= 1 && bought - $0 <= 4 } == true,
        "ALL starts at the close before the first trade's session")
      #expect(firstDays["3M"].map { today - $0 >= 88 && today - $0 <= 93 } == true)
      #expect(counts["3M"].map { (60...66).contains($0) } == true, "daily points over 3M")
      let refused = try await client.json(
        .get, "/api/v1/portfolio/history?range=5Y", headers: browser.headers())
      #expect(refused.status == .badRequest)
      #expect(refused.errorMessage == "range must be one of 1D 1W 1M 3M YTD 1Y ALL")
    }
  }
}
