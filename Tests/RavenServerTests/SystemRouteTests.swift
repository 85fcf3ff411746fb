import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

@Suite("Health, headers, limits and the OpenAPI document")
struct SystemRouteTests {
  @Test("Every response carries the security headers, including errors and unknown routes")
  func securityHeaders() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      for path in ["/healthz", "/api/v1/stocks/NOPE/quote", "/no/such/route"] {
        let response = try await client.json(.get, path)
        let policy = try #require(response.headers[.contentSecurityPolicy])
        #expect(policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
        #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
        #expect(response.headers[.init("Referrer-Policy")!] != nil)
      }
      let missing = try await client.json(.get, "/no/such/route")
      #expect(missing.status == .notFound && missing.errorCode == "not_found")
    }
  }

  @Test("Bodies over 64 KiB are refused with 413")
  func bodyLimit() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let big = #"{"username":"x","password":""# + String(repeating: "a", count: 70_000) + #""}"#
      let response = try await client.json(.post, "/api/v1/auth/signup", body: big)
      #expect(response.status == .contentTooLarge && response.errorCode == "body_too_large")
    }
  }

  @Test("Health and metrics")
  func healthAndMetrics() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let health = try await client.json(.get, "/healthz").object()
      #expect(health["status"] as? String == "ok")
      _ = try await client.json(.get, "/api/v1/stocks/AAPL/quote")
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      let metrics = try await client.json(.get, "/metrics").text
      #expect(metrics.contains("raven_http_requests_total"))
      #expect(
        metrics.contains(#"route="/api/v1/stocks/{symbol}/quote""#)
          || metrics.contains("stocks/:symbol/quote"))
      #expect(metrics.contains(#"raven_trades_total{side="buy"} 1"#))
    }
  }

  @Test("The router and openapi.yaml list the same routes")
  func openAPIMatchesRouter() async throws {
    let document = OpenAPIDocument.text
    let documented = Set(try OpenAPISchemas(yaml: document).operations)
    let services = try await TestServices.make()
    // The web app's files are routes too, but not API operations; the stream is served
    // by the WebSocket router.
    let webFiles = Set(WebAssets.bundled.files.keys).union(["/"])
    // `/v2` and `/v1beta1` are Alpaca's API, whose contract is Alpaca's own reference
    // (../shared/alpaca-contract.md), tested route by route in the Alpaca*RouteTests.
    var served = Set(
      buildRouter(services).routes.filter {
        let path = $0.path.description
        return !webFiles.contains(path) && !path.hasPrefix("/v2") && !path.hasPrefix("/v1beta1")
      }
      .map(\.description))
    served.insert("GET \(StreamController.path)")
    #expect(documented.count > 30)
    #expect(served.subtracting(documented).sorted() == [], "served but not documented")
    #expect(documented.subtracting(served).sorted() == [], "documented but not served")
  }
}
