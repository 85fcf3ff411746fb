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

  @Test("A chunked body over 64 KiB (no Content-Length) is 413 too, not 500")
  func chunkedBodyLimit() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let port = try #require(client.port)
      let body = #"{"title":""# + String(repeating: "a", count: 70_000) + #"","target":"5"}"#
      for path in ["/api/v1/goals", "/api/v1/auth/signup", "/api/v1/orders"] {
        // Sent as a browser or script would stream it: chunks, no Content-Length.
        let chunk = String(body.utf8.count, radix: 16)
        let request =
          "POST \(path) HTTP/1.1\r\nHost: localhost\r\nCookie: \(browser.cookie)\r\n"
          + "X-CSRF-Token: \(browser.csrf)\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
          + "\(chunk)\r\n\(body)\r\n0\r\n\r\n"
        let head = try await RawHTTP.send(request, port: port)
        #expect(head.hasPrefix("HTTP/1.1 413"), "\(path): \(head.prefix(40))")
      }
      // Alpaca's API too, with an API key.
      let key = try await client.createKey(browser)
      let order =
        "POST /v2/orders HTTP/1.1\r\nHost: localhost\r\nAPCA-API-KEY-ID: \(key.keyID)\r\n"
        + "APCA-API-SECRET-KEY: \(key.secret)\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + "\(String(body.utf8.count, radix: 16))\r\n\(body)\r\n0\r\n\r\n"
      let head = try await RawHTTP.send(order, port: port)
      #expect(head.hasPrefix("HTTP/1.1 413"), "/v2/orders: \(head.prefix(40))")
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
      // Metrics are not for the app's visitors: only the metrics listener serves them.
      #expect(try await client.json(.get, "/metrics").status == .notFound)
    }
  }

  @Test("Metrics on a listener of their own (--metrics-port)")
  func metricsListener() async throws {
    var configuration = TestServer.configuration()
    let metricsPort = try await FreePort.find()
    configuration.metricsPort = metricsPort
    let app = try await TestServer.make(configuration: configuration)
    try await app.test(.live) { client in
      _ = try await client.json(.get, "/api/v1/stocks/AAPL/quote")
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      var metrics = ""
      for _ in 0..<50 where !metrics.contains("HTTP/1.1 200") {
        metrics =
          (try? await RawHTTP.answerBeforeClose(
            to: Array("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
            port: metricsPort, within: .seconds(5))) ?? nil ?? ""
        if !metrics.contains("HTTP/1.1 200") { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(metrics.hasPrefix("HTTP/1.1 200"))
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
    // `/v2`, `/v1` and `/v1beta1` are Alpaca's API, whose contract is Alpaca's own
    // reference (../shared/alpaca-contract.md), tested route by route in the
    // Alpaca*RouteTests and described by alpaca-openapi.yaml.
    var served = Set(
      services.router().routes.filter {
        let path = $0.path.description
        return !webFiles.contains(path) && !path.hasPrefix("/v2") && !path.hasPrefix("/v1beta1")
          && !path.hasPrefix("/v1/")
      }
      .map(\.description))
    served.insert("GET \(StreamController.path)")
    #expect(documented.count > 30)
    #expect(served.subtracting(documented).sorted() == [], "served but not documented")
    #expect(documented.subtracting(served).sorted() == [], "documented but not served")
  }
}

extension SystemRouteTests {
  @Test("The router and alpaca-openapi.yaml list the same /v2, /v1 and /v1beta1 routes")
  func alpacaOpenAPIMatchesRouter() async throws {
    // Alpaca's names for path parameters (`{order_id}`) are the document's; the router's
    // are shorter: compared without them.
    let unnamed = { (operation: String) in
      operation.replacing(/\{[^}]*\}/, with: "{}")
    }
    let documented = Set(try OpenAPISchemas(yaml: OpenAPIDocument.alpaca).operations.map(unnamed))
    let services = try await TestServices.make()
    // The catch-alls that answer any other path in Alpaca's shape are not operations.
    let served = Set(
      services.router().routes.filter {
        let path = $0.path.description
        return (path.hasPrefix("/v2") || path.hasPrefix("/v1beta1") || path.hasPrefix("/v1/"))
          && !path.hasSuffix("**")
      }
      .map { unnamed($0.description) })
    #expect(documented.count > 40)
    #expect(served.subtracting(documented).sorted() == [], "served but not documented")
    #expect(documented.subtracting(served).sorted() == [], "documented but not served")
  }
}
