import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

@Suite("Signing out everywhere: every session and personal token goes, API keys stay")
struct LogoutEverywhereRouteTests {
  private static let path = "/api/v1/auth/logout-everywhere"

  /// A second sign-in of `username` (password "correct horse", as `signUp` sets it): another
  /// device's browser state.
  private func logIn(_ client: some TestClientProtocol, _ username: String) async throws
    -> Browser
  {
    let response = try await client.json(
      .post, "/api/v1/auth/login",
      body: #"{"username":"\#(username)","password":"correct horse"}"#)
    #expect(response.status == .ok)
    let pairs = response.headers[values: .setCookie]
      .compactMap { $0.split(separator: ";").first.map(String.init) }
    let csrf = pairs.first { $0.hasPrefix("raven_csrf=") }?.dropFirst("raven_csrf=".count)
    return Browser(
      cookie: pairs.joined(separator: "; "), csrf: String(csrf ?? ""), username: username)
  }

  /// A personal API token of `username`, as the CLI makes one, in a bearer header.
  private func token(_ client: some TestClientProtocol, _ username: String) async throws
    -> HTTPFields
  {
    let created = try await client.json(
      .post, "/api/v1/auth/tokens",
      body: #"{"username":"\#(username)","password":"correct horse","name":"laptop"}"#)
    #expect(created.status == .created)
    var bearer = HTTPFields()
    bearer[.authorization] = "Bearer \(try #require(try created.object()["token"] as? String))"
    return bearer
  }

  @Test("From one browser: both sessions and the token are signed out, the API key still works")
  func fromABrowser() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let laptop = try await client.signUp("kim")
      let phone = try await logIn(client, "kim")
      let bearer = try await token(client, "kim")
      let key = try await client.createKey(laptop)
      let other = try await client.signUp("lee")

      // A page elsewhere cannot sign the user out: without the CSRF header nothing changes.
      let forged = try await client.json(.post, Self.path, headers: phone.headers(csrf: false))
      #expect(forged.status == .forbidden && forged.errorCode == "csrf_token_mismatch")
      #expect(
        try await client.json(.get, "/api/v1/me", headers: laptop.headers(csrf: false)).status
          == .ok)

      let out = try await client.json(.post, Self.path, headers: phone.headers())
      #expect(out.status == .noContent)
      // The cookies are expired as sign-out expires them.
      let cookies = out.headers[values: .setCookie]
      for name in ["raven_session", "raven_csrf"] {
        #expect(cookies.contains { $0.hasPrefix("\(name)=;") && $0.contains("Max-Age=0") })
      }

      for browser in [laptop, phone] {
        let me = try await client.json(.get, "/api/v1/me", headers: browser.headers(csrf: false))
        #expect(me.status == .unauthorized)
      }
      let revoked = try await client.json(.get, "/api/v1/me", headers: bearer)
      #expect(revoked.status == .unauthorized && revoked.errorCode == "invalid_token")
      // API keys have their own list: a trading bot keeps running.
      #expect(try await client.json(.get, "/v2/account", headers: key.headers).status == .ok)
      #expect(
        try await client.json(.get, "/api/v1/me", headers: other.headers(csrf: false)).status
          == .ok)
      // Signing in again works as ever.
      _ = try await logIn(client, "kim")
    }
  }

  @Test("With a personal token: that token and every session are revoked")
  func withAToken() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp("max")
      let bearer = try await token(client, "max")
      #expect(try await client.json(.post, Self.path, headers: bearer).status == .noContent)
      #expect(try await client.json(.get, "/api/v1/me", headers: bearer).status == .unauthorized)
      #expect(
        try await client.json(.get, "/api/v1/me", headers: browser.headers(csrf: false)).status
          == .unauthorized)
    }
  }

  @Test("Signed out, there is no one to sign out")
  func signedOut() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let response = try await client.json(.post, Self.path)
      #expect(response.status == .unauthorized && response.errorCode == "unauthorized")
    }
  }
}
