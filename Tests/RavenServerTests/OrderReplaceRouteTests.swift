import Foundation
import HummingbirdTesting
import RavenCore
import Testing

@Suite("Replacing orders through the API")
struct OrderReplaceRouteTests {
  @Test("A resting order is replaced: the old ends replaced, the new carries the changes")
  func replaces() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"1.00","timeInForce":"gtc"}"#,
        headers: browser.headers()
      ).object()
      let oldID = try #require(placed["id"] as? String)

      let replaced = try await client.json(
        .patch, "/api/v1/orders/\(oldID)", body: #"{"limitPrice":"2.50","qty":5}"#,
        headers: browser.headers())
      #expect(replaced.status == .ok)
      let new = try replaced.object()
      let newID = try #require(new["id"] as? String)
      #expect(newID != oldID)
      #expect(new["replaces"] as? String == oldID)
      #expect(new["limitPrice"] as? String == "2.50")
      #expect(new["qty"] as? String == "5")
      #expect(new["timeInForce"] as? String == "gtc")
      #expect(new["status"] as? String == "new")

      let old = try await client.json(.get, "/api/v1/orders/\(oldID)", headers: browser.headers())
        .object()
      #expect(old["status"] as? String == "replaced")
      #expect(old["replacedBy"] as? String == newID)
      let open = try await client.json(
        .get, "/api/v1/orders?status=open", headers: browser.headers()
      ).object()
      #expect((open["orders"] as? [[String: Any]])?.map { $0["id"] as? String } == [newID])

      // The old one has ended: it cannot be replaced (or canceled) again.
      let again = try await client.json(
        .patch, "/api/v1/orders/\(oldID)", body: #"{"limitPrice":"3.00"}"#,
        headers: browser.headers())
      #expect(again.status == .unprocessableContent)
      #expect(again.errorCode == "order_not_replaceable")
    }
  }

  @Test("The old order's hold is free for its replacement; what does not fit is refused")
  func buyingPower() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      // $25,000 of cash: an order holding $20,000, replaced by one holding $24,000.
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"2000","limitPrice":"10.00","timeInForce":"gtc"}"#,
        headers: browser.headers()
      ).object()
      let id = try #require(placed["id"] as? String)
      let fits = try await client.json(
        .patch, "/api/v1/orders/\(id)", body: #"{"limitPrice":"12.00"}"#,
        headers: browser.headers())
      #expect(fits.status == .ok)
      let newID = try #require(try fits.object()["id"] as? String)
      let tooMuch = try await client.json(
        .patch, "/api/v1/orders/\(newID)", body: #"{"limitPrice":"13.00"}"#,
        headers: browser.headers())
      #expect(tooMuch.status == .unprocessableContent)
      #expect(tooMuch.errorCode == "insufficient_funds")
      // Refused: nothing changed.
      let still = try await client.json(.get, "/api/v1/orders/\(newID)", headers: browser.headers())
        .object()
      #expect(still["status"] as? String == "new")
      #expect(still["limitPrice"] as? String == "12.00")
    }
  }

  @Test(
    "Replacements are checked as orders are",
    arguments: [
      (#"{"stopPrice":"1.00"}"#, "price_not_applicable"),
      (#"{"trailPercent":"5"}"#, "price_not_applicable"),
      (#"{"limitPrice":"1.001"}"#, "invalid_price_increment"),
      (#"{"limitPrice":"abc"}"#, "invalid_price"),
      (#"{"qty":"0"}"#, "invalid_qty"),
      (#"{"qty":"1.5"}"#, "invalid_time_in_force"),
      (#"{"timeInForce":"week"}"#, "invalid_time_in_force"),
    ])
  func refusals(body: String, code: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"1.00","timeInForce":"gtc"}"#,
        headers: browser.headers()
      ).object()
      let id = try #require(placed["id"] as? String)
      let answer = try await client.json(
        .patch, "/api/v1/orders/\(id)", body: body, headers: browser.headers())
      #expect(answer.status == .unprocessableContent)
      #expect(answer.errorCode == code)
      #expect(
        try await client.json(
          .patch, "/api/v1/orders/\(UUID())", body: #"{"limitPrice":"2.00"}"#,
          headers: browser.headers()
        ).status == .notFound)
    }
  }
}
