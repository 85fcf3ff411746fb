import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Every answer under `/v2` in Alpaca's shape (issue 33), found by fuzzing the Alpaca
/// document: a method a path does not take, an SDK's own `Authorization` header, a body
/// too large; and closing positions as any order is closed (by asset id, a short one by a
/// buy, refused while trading is suspended).
@Suite("Alpaca answers in Alpaca's shape")
struct AlpacaShapesRouteTests {
  @Test("a wrong method, an OAuth header beside the key, and a body too large")
  func shapes() async throws {
    try await withAlpacaKey { client, key in
      let wrongMethod = try await client.json(.put, "/v2/account", headers: key.headers)
      #expect(wrongMethod.status.code >= 400 && wrongMethod.alpacaError != nil)
      var withBearer = key.headers
      withBearer[.authorization] = "Bearer not-raven-s"
      let account = try await client.json(.get, "/v2/account", headers: withBearer)
      #expect(account.status == .ok)
      let tooLarge = try await client.json(
        .post, "/v2/orders", body: String(repeating: " ", count: 70_000) + "{}",
        headers: key.headers)
      #expect(tooLarge.status == .contentTooLarge && tooLarge.alpacaError != nil)
      // Raven's own API keeps its own shape.
      let raven = try await client.json(.get, "/api/v1/nothing-here")
      #expect(raven.alpacaError == nil)
      // The document of it all, with no key.
      let document = try await client.json(.get, "/v2/openapi.yaml")
      #expect(document.status == .ok && document.text.hasPrefix("openapi: 3.1"))
      // The last page of one symbol's bars says so.
      let bars = try await client.json(
        .get, "/v2/stocks/AAPL/bars?timeframe=1Day&limit=2", headers: key.headers
      ).object()
      #expect(bars.keys.contains("next_page_token"))
    }
  }

  @Test("closing positions: by asset id, a short one by buying it back, not while suspended")
  func closing() async throws {
    try await withAlpacaKey { client, key in
      let buy = #"{"symbol":"KO","qty":"3","side":"buy","type":"market","time_in_force":"day"}"#
      _ = try await client.json(.post, "/v2/orders", body: buy, headers: key.headers)
      let position = try await client.json(.get, "/v2/positions/KO", headers: key.headers)
        .object()
      let assetID = try #require(position["asset_id"] as? String)
      _ = try await client.json(
        .patch, "/v2/account/configurations", body: #"{"suspend_trade":true}"#,
        headers: key.headers)
      let suspended = try await client.json(
        .delete, "/v2/positions/\(assetID)", headers: key.headers)
      #expect(suspended.status == .forbidden && suspended.alpacaError != nil)
      let all = try await client.json(.delete, "/v2/positions", headers: key.headers)
      #expect(all.status == .forbidden)
      _ = try await client.json(
        .patch, "/v2/account/configurations",
        body: #"{"suspend_trade":false,"max_margin_multiplier":"4","no_shorting":false}"#,
        headers: key.headers)
      let closed = try await client.json(
        .delete, "/v2/positions/\(assetID)?percentage=100", headers: key.headers
      ).object()
      #expect(closed["side"] as? String == "sell" && closed["status"] as? String == "filled")

      let short = #"{"symbol":"KO","qty":"4","side":"sell","type":"market","time_in_force":"day"}"#
      _ = try await client.json(.post, "/v2/orders", body: short, headers: key.headers)
      let cover = try await client.json(.delete, "/v2/positions/KO", headers: key.headers)
        .object()
      #expect(cover["side"] as? String == "buy" && cover["qty"] as? String == "4")
      #expect(cover["status"] as? String == "filled")
      let none = try await client.json(.get, "/v2/positions", headers: key.headers).array()
      #expect(none.isEmpty)
    }
  }
}
