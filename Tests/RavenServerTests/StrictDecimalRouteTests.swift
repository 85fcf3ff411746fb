import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Amounts read with one strict grammar (`-?[0-9]+(\.[0-9]+)?`) on every route: text the
/// API once read leniently is refused as any other malformed amount is, and nothing is kept.
@Suite("Strict decimal amounts")
struct StrictDecimalRouteTests {
  /// Text a person might type that is not the strict form.
  static let lenient = [" 5", "5 ", "+5", "5.", ".5"]

  @Test("Trades, orders and goals refuse lenient amounts with their usual errors; nothing is kept")
  func refusesLenientAmounts() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let headers = browser.headers()
      for text in Self.lenient {
        let refusals: [(String, String, String, HTTPResponse.Status)] = [
          (
            "/api/v1/trades", #"{"symbol":"KO","side":"buy","shares":"\#(text)"}"#,
            "invalid_amount", .unprocessableContent
          ),
          (
            "/api/v1/orders", #"{"symbol":"KO","side":"buy","qty":"\#(text)"}"#, "invalid_qty",
            .unprocessableContent
          ),
          (
            "/api/v1/orders",
            #"{"symbol":"KO","side":"buy","type":"limit","qty":"1","limitPrice":"\#(text)"}"#,
            "invalid_price", .unprocessableContent
          ),
          (
            "/api/v1/orders", #"{"symbol":"KO","side":"buy","notional":"\#(text)"}"#,
            "invalid_notional", .unprocessableContent
          ),
          (
            "/api/v1/goals", #"{"title":"House","target":"\#(text)"}"#, "invalid_body",
            .badRequest
          ),
          (
            "/api/v1/goals",
            #"{"title":"House","target":"100","allocations":[{"symbol":"KO","shares":"\#(text)"}]}"#,
            "invalid_body", .badRequest
          ),
        ]
        for (path, body, code, status) in refusals {
          let response = try await client.json(.post, path, body: body, headers: headers)
          #expect(response.status == status, "\(body)")
          #expect(response.errorCode == code, "\(body)")
        }
      }

      let trades = try await client.json(.get, "/api/v1/trades", headers: headers).object()
      #expect((trades["trades"] as? [Any])?.isEmpty == true)
      let orders = try await client.json(.get, "/api/v1/orders", headers: headers).object()
      #expect((orders["orders"] as? [Any])?.isEmpty == true)
      let goals = try await client.json(.get, "/api/v1/goals", headers: headers).object()
      #expect((goals["goals"] as? [Any])?.isEmpty == true)

      // The same requests in the strict form are taken.
      let bought = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"5"}"#,
        headers: headers)
      #expect(bought.status == .created)
      let goal = try await client.json(
        .post, "/api/v1/goals",
        body:
          #"{"title":"House","target":"100.50","allocations":[{"symbol":"KO","shares":"0.5"}]}"#,
        headers: headers)
      #expect(goal.status == .created)
    }
  }
}
