import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Cookies over TLS, login CSRF and bodies that must be JSON (issue 16, points 5 and 6).
@Suite("Transport security")
struct TransportSecurityTests {
  static let credentials = #"{"username":"mallory","password":"correct horse"}"#

  static func server(_ change: (inout ServerConfiguration) -> Void = { _ in }) async throws
    -> some ApplicationProtocol
  {
    var configuration = TestServer.configuration()
    change(&configuration)
    return try await TestServer.make(configuration: configuration)
  }

  static func cookies(_ response: TestResponse) -> [String] {
    response.headers[values: .setCookie]
  }

  @Test("--secure-cookies: Secure cookies and Strict-Transport-Security; off by default")
  func secureCookies() async throws {
    let plain = try await Self.server()
    try await plain.test(.router) { client in
      let signup = try await client.json(.post, "/api/v1/auth/signup", body: Self.credentials)
      #expect(signup.status == .created)
      #expect(Self.cookies(signup).allSatisfy { !$0.contains("Secure") })
      #expect(signup.headers[.strictTransportSecurity] == nil)
    }
    let secure = try await Self.server { $0.secureCookies = true }
    try await secure.test(.router) { client in
      let signup = try await client.json(.post, "/api/v1/auth/signup", body: Self.credentials)
      let cookies = Self.cookies(signup)
      #expect(cookies.count == 2 && cookies.allSatisfy { $0.contains("Secure") }, "\(cookies)")
      #expect(signup.headers[.strictTransportSecurity] == "max-age=31536000")
      let health = try await client.json(.get, "/healthz")
      #expect(health.headers[.strictTransportSecurity] == "max-age=31536000")
    }
  }

  @Test("A trusted proxy's X-Forwarded-Proto: https makes cookies Secure; anyone else's does not")
  func forwardedProto() async throws {
    let behindProxy = try await Self.server { $0.trustedProxies = [AddressRange("127.0.0.1")!] }
    try await behindProxy.test(.live) { client in
      let signup = try await client.json(
        .post, "/api/v1/auth/signup", body: Self.credentials,
        headers: [.xForwardedProto: "https", .xForwardedFor: "198.51.100.4"])
      #expect(signup.status == .created)
      #expect(Self.cookies(signup).allSatisfy { $0.contains("Secure") })
      #expect(signup.headers[.strictTransportSecurity] != nil)
    }
    let direct = try await Self.server()
    try await direct.test(.live) { client in
      let signup = try await client.json(
        .post, "/api/v1/auth/signup", body: Self.credentials, headers: [.xForwardedProto: "https"])
      #expect(signup.status == .created)
      #expect(Self.cookies(signup).allSatisfy { !$0.contains("Secure") })
      #expect(signup.headers[.strictTransportSecurity] == nil)
    }
  }

  @Test("Login CSRF: a foreign page's text/plain form is 415, a foreign Origin 403")
  func loginCSRF() async throws {
    let app = try await Self.server()
    try await app.test(.router) { client in
      _ = try await client.signUp("mallory")
      // What `<form enctype="text/plain">` on another site sends.
      let form = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials,
        headers: [.contentType: "text/plain", .origin: "https://evil.example"])
      #expect(form.status == .unsupportedMediaType)
      #expect(form.headers[values: .setCookie].isEmpty)
      for contentType in ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let other = try await client.json(
          .post, "/api/v1/auth/signup", body: Self.credentials, headers: [.contentType: contentType]
        )
        #expect(other.status == .unsupportedMediaType, "\(contentType)")
      }
      let foreign = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials,
        headers: [.origin: "https://evil.example"])
      #expect(foreign.status == .forbidden)
      #expect(foreign.errorCode == "cross_origin")
      #expect(foreign.headers[values: .setCookie].isEmpty)
      let opaque = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials, headers: [.origin: "null"])
      #expect(opaque.status == .forbidden)
      let crossSite = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials, headers: [.secFetchSite: "cross-site"])
      #expect(crossSite.status == .forbidden)
      // The web app itself (the test client's Host is `localhost`): the same origin, with
      // or without the default port, in any case.
      for origin in ["http://localhost", "http://LocalHost:80"] {
        let own = try await client.json(
          .post, "/api/v1/auth/login", body: Self.credentials, headers: [.origin: origin])
        #expect(own.status == .ok, "\(origin)")
      }
      let otherPort = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials,
        headers: [.origin: "http://localhost:8081"])
      #expect(otherPort.status == .forbidden)
    }
  }

  @Test("Behind a proxy, the public URL's origin and a trusted X-Forwarded-Host sign in")
  func originBehindProxy() async throws {
    let app = try await Self.server {
      $0.publicURL = "https://raven.example.com"
      $0.trustedProxies = [AddressRange("127.0.0.1")!]
    }
    try await app.test(.live) { client in
      _ = try await client.signUp("mallory")
      for origin in ["https://raven.example.com", "https://raven.example.com:443"] {
        let login = try await client.json(
          .post, "/api/v1/auth/login", body: Self.credentials,
          headers: [.origin: origin])
        #expect(login.status == .ok, "\(origin)")
      }
      let forwarded = try await client.json(
        .post, "/api/v1/auth/login", body: Self.credentials,
        headers: [
          .origin: "https://other.example.org", .xForwardedHost: "other.example.org",
        ])
      #expect(forwarded.status == .ok)
    }
  }

  @Test("415 applies to writes with a body only; a bodiless DELETE needs no Content-Type")
  func unsupportedMediaType() async throws {
    let app = try await Self.server()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      var headers = browser.headers()
      headers[.contentType] = "text/plain"
      let trade = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: headers)
      #expect(trade.status == .unsupportedMediaType)
      #expect(trade.errorCode == "unsupported_media_type")
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
      #expect(try portfolio.object()["cash"] as? String == "25000.00")
      headers[.contentType] = "application/json; charset=utf-8"
      let json = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: headers)
      #expect(json.status == .created)
      var bare = browser.headers()
      bare[.contentType] = nil
      let added = try await client.json(.put, "/api/v1/watchlist/KO", headers: bare)
      #expect(added.status.code < 300)
      let removed = try await client.json(.delete, "/api/v1/watchlist/KO", headers: bare)
      #expect(removed.status == .noContent)
    }
  }
}
