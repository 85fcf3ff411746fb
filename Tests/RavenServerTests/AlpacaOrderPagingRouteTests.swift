import Foundation
import HTTPTypes
import HummingbirdTesting
import RavenTestSupport
import Testing

/// `GET /v2/orders` paged by time (issue 38, point 8): orders stored in another order than
/// their submission times, as concurrent requests commit them, still come once each when a
/// bot pages with `after` (or `until`) set to the last order it read.
@Suite("Alpaca orders paged by time")
struct AlpacaOrderPagingRouteTests {
  @Test("paging by after or until reads every order once, in submission order")
  func paging() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      // Each placed at its own market time, stored in this order.
      for second in [50, 10, 40, 20, 30, 60, 5] {
        clock.set(TestServer.midSession.addingTimeInterval(Double(second)))
        let placed = try await client.json(
          .post, "/v2/orders",
          body:
            #"{"symbol":"AAPL","qty":"1","side":"buy","type":"limit","limit_price":"1.00","time_in_force":"gtc"}"#,
          headers: key.headers)
        #expect(placed.status == .ok)
      }
      clock.set(TestServer.midSession.addingTimeInterval(120))

      for (direction, bound) in [("asc", "after"), ("desc", "until")] {
        var seen: [String] = []
        var times: [String] = []
        var query = "/v2/orders?status=all&limit=2&direction=\(direction)"
        while true {
          let page = try await client.json(.get, query, headers: key.headers).array()
          seen += page.compactMap { $0["id"] as? String }
          times += page.compactMap { $0["submitted_at"] as? String }
          guard let last = page.last?["submitted_at"] as? String else { break }
          query = "/v2/orders?status=all&limit=2&direction=\(direction)&\(bound)=\(last)"
        }
        #expect(Set(seen).count == 7 && seen.count == 7, "\(direction): \(seen.count) read")
        #expect(times == (direction == "asc" ? times.sorted() : times.sorted().reversed()))
      }
    }
  }
}
