import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Prices over $1,000,000 and quantities over 10,000,000 shares are refused with 422 on
/// every route they enter, Raven's and Alpaca's, replacements included; nothing is kept.
@Suite("Bounds on prices and quantities")
struct AmountBoundsRouteTests {
  /// The outside probe's order: a stop price whose hold price (× 1.02) could be written
  /// but never read back, which halted every engine.
  static let attackStop = "123456789012345678901234567890"

  @Test("/v2 refuses the probe's stop, over-large prices and quantities; the account still reads")
  func alpacaRoutes() async throws {
    try await withAlpacaKey { client, key in
      let bought = try await client.json(
        .post, "/v2/orders",
        body: #"{"symbol":"F","qty":"1","side":"buy","type":"market","time_in_force":"day"}"#,
        headers: key.headers)
      #expect(bought.status == .ok)
      let refused = [
        #"{"symbol":"F","qty":1,"side":"sell","type":"stop","stop_price":"\#(Self.attackStop)","time_in_force":"gtc"}"#,
        #"{"symbol":"F","qty":"1","side":"sell","type":"stop","stop_price":"1000000.01","time_in_force":"gtc"}"#,
        #"{"symbol":"F","qty":"1","side":"buy","type":"limit","limit_price":"1000000.01","time_in_force":"gtc"}"#,
        #"{"symbol":"F","qty":"10000001","side":"buy","type":"limit","limit_price":"1.00","time_in_force":"gtc"}"#,
        #"{"symbol":"F","qty":"1","side":"sell","type":"trailing_stop","trail_price":"1000000.01","time_in_force":"gtc"}"#,
        #"{"symbol":"F","qty":"1","side":"sell","type":"trailing_stop","trail_percent":"100","time_in_force":"gtc"}"#,
      ]
      for body in refused {
        let response = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
        #expect(response.status == .unprocessableContent, "\(body)")
        #expect(response.alpacaError != nil, "\(body)")
      }
      // At the bounds, an order is taken (and refused only for want of money).
      let atBound = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"F","qty":"1","side":"sell","type":"stop","stop_price":"1000000","time_in_force":"gtc"}"#,
        headers: key.headers)
      #expect(atBound.status == .ok)
      let resting = try #require(try atBound.object()["id"] as? String)
      let replaced = try await client.json(
        .patch, "/v2/orders/\(resting)", body: #"{"stop_price":"\#(Self.attackStop)"}"#,
        headers: key.headers)
      #expect(replaced.status == .unprocessableContent)

      #expect(try await client.json(.get, "/v2/account", headers: key.headers).status == .ok)
      let orders = try await client.json(.get, "/v2/orders?status=all", headers: key.headers)
      #expect(orders.status == .ok)
      #expect(try orders.array().count == 2)
      #expect(try await client.json(.delete, "/v2/orders", headers: key.headers).status.code == 207)
    }
  }

  @Test("Raven's API refuses over-large prices, quantities and allocations; nothing is kept")
  func ravenRoutes() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let headers = browser.headers()
      let refusals: [(String, String, String)] = [
        ("/api/v1/trades", #"{"symbol":"KO","side":"buy","shares":"10000001"}"#, "invalid_amount"),
        ("/api/v1/orders", #"{"symbol":"KO","side":"buy","qty":"10000000.5"}"#, "invalid_qty"),
        (
          "/api/v1/orders",
          #"{"symbol":"KO","side":"buy","type":"limit","qty":"1","limitPrice":"1000000.01"}"#,
          "invalid_price"
        ),
        (
          "/api/v1/orders",
          #"{"symbol":"KO","side":"sell","type":"stop","qty":"1","stopPrice":"\#(Self.attackStop)"}"#,
          "invalid_price"
        ),
        (
          "/api/v1/goals",
          #"{"title":"House","target":"100","allocations":[{"symbol":"KO","shares":"10000001"}]}"#,
          "invalid_allocation"
        ),
      ]
      for (path, body, code) in refusals {
        let response = try await client.json(.post, path, body: body, headers: headers)
        #expect(response.status == .unprocessableContent, "\(body)")
        #expect(response.errorCode == code, "\(body)")
      }
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"KO","side":"buy","type":"limit","qty":"1","limitPrice":"1.00","timeInForce":"gtc"}"#,
        headers: headers)
      #expect(placed.status == .created)
      let id = try #require(try placed.object()["id"] as? String)
      for body in [#"{"limitPrice":"1000000.01"}"#, #"{"qty":"10000001"}"#] {
        let replaced = try await client.json(
          .patch, "/api/v1/orders/\(id)", body: body, headers: headers)
        #expect(replaced.status == .unprocessableContent, "\(body)")
      }
      let orders = try await client.json(.get, "/api/v1/orders", headers: headers).object()
      #expect((orders["orders"] as? [Any])?.count == 1)
      let goals = try await client.json(.get, "/api/v1/goals", headers: headers).object()
      #expect((goals["goals"] as? [Any])?.isEmpty == true)
    }
  }
}
