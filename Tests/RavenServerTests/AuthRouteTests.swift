import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

@Suite("Accounts, sessions, CSRF and tokens")
struct AuthRouteTests {
  @Test("Sign-up sets an HttpOnly session cookie and a readable CSRF cookie; /me answers")
  func signup() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let response = try await client.json(
        .post, "/api/v1/auth/signup", body: #"{"username":"Alice","password":"correct horse"}"#)
      #expect(response.status == .created)
      let cookies = response.headers[values: .setCookie]
      let session = try #require(cookies.first { $0.hasPrefix("raven_session=") })
      let csrf = try #require(cookies.first { $0.hasPrefix("raven_csrf=") })
      #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax"))
      #expect(!csrf.contains("HttpOnly") && csrf.contains("SameSite=Lax"))
      let body = try response.object()
      #expect((body["user"] as? [String: Any])?["username"] as? String == "alice")
      let browser = Browser(
        cookie: cookies.compactMap { $0.split(separator: ";").first.map(String.init) }
          .joined(separator: "; "),
        csrf: body["csrfToken"] as? String ?? "", username: "alice")
      let me = try await client.json(.get, "/api/v1/me", headers: browser.headers(csrf: false))
      #expect(me.status == .ok)
      #expect(try me.object()["username"] as? String == "alice")
    }
  }

  @Test("Usernames are unique case-insensitively; bad usernames and passwords are refused")
  func signupValidation() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      _ = try await client.signUp("bob")
      let taken = try await client.json(
        .post, "/api/v1/auth/signup", body: #"{"username":"BOB","password":"another one"}"#)
      #expect(taken.status == .conflict && taken.errorCode == "username_taken")
      let shortName = try await client.json(
        .post, "/api/v1/auth/signup", body: #"{"username":"b","password":"correct horse"}"#)
      #expect(
        shortName.status == .unprocessableContent && shortName.errorCode == "invalid_username")
      let shortPassword = try await client.json(
        .post, "/api/v1/auth/signup", body: #"{"username":"carol","password":"short"}"#)
      #expect(shortPassword.errorCode == "invalid_password")
      let notJSON = try await client.json(.post, "/api/v1/auth/signup", body: "{nope")
      #expect(notJSON.status == .badRequest && notJSON.errorCode == "invalid_body")
      let missing = try await client.json(
        .post, "/api/v1/auth/signup", body: #"{"username":"dave"}"#)
      #expect(missing.status == .badRequest && missing.errorMessage == #"Missing field "password""#)
    }
  }

  @Test("Login: right password 200, wrong 401 with one message, throttled after five failures")
  func loginAndThrottle() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      _ = try await client.signUp("erin")
      let ok = try await client.json(
        .post, "/api/v1/auth/login", body: #"{"username":"erin","password":"correct horse"}"#)
      #expect(ok.status == .ok)
      let unknown = try await client.json(
        .post, "/api/v1/auth/login", body: #"{"username":"nobody","password":"correct horse"}"#)
      #expect(
        unknown.status == .unauthorized && unknown.errorMessage == "Wrong username or password")
      for _ in 0..<5 {
        let wrong = try await client.json(
          .post, "/api/v1/auth/login", body: #"{"username":"erin","password":"wrong password"}"#)
        #expect(wrong.status == .unauthorized)
      }
      let throttled = try await client.json(
        .post, "/api/v1/auth/login", body: #"{"username":"erin","password":"correct horse"}"#)
      #expect(throttled.status == .tooManyRequests)
      #expect(throttled.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
    }
  }

  @Test("A state-changing request on a session cookie needs the CSRF header")
  func csrf() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let body = #"{"symbol":"AAPL","side":"buy","shares":"1"}"#
      let without = try await client.json(
        .post, "/api/v1/trades", body: body, headers: browser.headers(csrf: false))
      #expect(without.status == .forbidden && without.errorCode == "csrf_token_mismatch")
      var wrong = browser
      wrong.csrf = "not-the-token"
      let mismatched = try await client.json(
        .post, "/api/v1/trades", body: body, headers: wrong.headers())
      #expect(mismatched.status == .forbidden)
      let with = try await client.json(
        .post, "/api/v1/trades", body: body, headers: browser.headers())
      #expect(with.status == .created)
    }
  }

  @Test(
    "API tokens: bearer works without CSRF; revoked tokens stop working; others' tokens are not found"
  )
  func tokens() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp("frank")
      let other = try await client.signUp("grace")
      let created = try await client.json(
        .post, "/api/v1/auth/tokens",
        body: #"{"username":"frank","password":"correct horse","name":"laptop"}"#)
      #expect(created.status == .created)
      let token = try #require(try created.object()["token"] as? String)
      let id = try #require(try created.object()["id"] as? Int)
      var bearer = HTTPFields()
      bearer[.authorization] = "Bearer \(token)"
      let trade = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"2"}"#,
        headers: bearer)
      #expect(trade.status == .created)
      let foreign = try await client.json(
        .delete, "/api/v1/auth/tokens/\(id)", headers: other.headers())
      #expect(foreign.status == .notFound)
      let revoked = try await client.json(
        .delete, "/api/v1/auth/tokens/\(id)", headers: browser.headers())
      #expect(revoked.status == .noContent)
      let after = try await client.json(.get, "/api/v1/portfolio", headers: bearer)
      #expect(after.status == .unauthorized && after.errorCode == "invalid_token")
      let wrongPassword = try await client.json(
        .post, "/api/v1/auth/tokens",
        body: #"{"username":"frank","password":"nope nope","name":"x"}"#)
      #expect(wrongPassword.status == .unauthorized)
    }
  }

  @Test("Logout ends the session")
  func logout() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let out = try await client.json(.post, "/api/v1/auth/logout", headers: browser.headers())
      #expect(out.status == .noContent)
      let me = try await client.json(.get, "/api/v1/me", headers: browser.headers(csrf: false))
      #expect(me.status == .unauthorized)
    }
  }

  @Test(
    "Account routes need a user",
    arguments: [
      "/api/v1/me", "/api/v1/portfolio", "/api/v1/portfolio/history", "/api/v1/trades",
      "/api/v1/watchlist", "/api/v1/goals", "/api/v1/goals/1",
    ])
  func requiresUser(path: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let response = try await client.json(.get, path)
      #expect(response.status == .unauthorized && response.errorCode == "unauthorized")
    }
  }
}
