import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// API keys: made by a signed-in user, the only way into `/v2`, revoked at once.
@Suite("API keys for the Alpaca-compatible API")
struct APIKeyRouteTests {
  @Test("a key is created once with its secret, listed without it, and signs in to /v2")
  func createListUse() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      #expect(key.keyID.count == 20 && key.keyID.hasPrefix("PK"))
      #expect(key.keyID.allSatisfy { $0.isUppercase || $0.isNumber })
      #expect(UUID(uuidString: key.id) != nil && key.secret.count >= 32)

      let list = try await client.json(.get, "/api/v1/auth/api-keys", headers: browser.headers())
      #expect(list.status == .ok && !list.text.contains(key.secret))
      let keys = try #require(try list.object()["keys"] as? [[String: Any]])
      #expect(keys.map { $0["keyId"] as? String } == [key.keyID])
      #expect(keys.first?["readOnly"] as? Bool == false)

      let account = try await client.json(.get, "/v2/account", headers: key.headers)
      #expect(account.status == .ok)
      #expect(try account.object()["status"] as? String == "ACTIVE")
    }
  }

  @Test("no key, a wrong secret, a revoked key or only a session cookie: 401 in Alpaca's words")
  func refused() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      var wrong = key
      wrong.secret = "not-the-secret"
      for headers in [HTTPFields(), wrong.headers, browser.headers()] {
        let response = try await client.json(.get, "/v2/account", headers: headers)
        #expect(response.status == .unauthorized)
        #expect(response.alpacaError?.code == 40_110_000)
        #expect(response.alpacaError?.message == "request is not authorized")
      }
      let revoke = try await client.json(
        .delete, "/api/v1/auth/api-keys/\(key.id)", headers: browser.headers())
      #expect(revoke.status == .noContent)
      let after = try await client.json(.get, "/v2/account", headers: key.headers)
      #expect(after.status == .unauthorized)
    }
  }

  @Test("Authorization: Basic of key:secret signs in too, as Alpaca's data clients may send it")
  func basicAuth() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      var headers = HTTPFields()
      headers[.authorization] =
        "Basic " + Data("\(key.keyID):\(key.secret)".utf8).base64EncodedString()
      let response = try await client.json(.get, "/v2/clock", headers: headers)
      #expect(response.status == .ok)
    }
  }

  @Test("a read-only key reads the account but cannot place an order")
  func readOnly() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp(), readOnly: true)
      #expect(try await client.json(.get, "/v2/account", headers: key.headers).status == .ok)
      let order = try await client.json(
        .post, "/v2/orders",
        body: #"{"symbol":"AAPL","qty":1,"side":"buy","type":"market","time_in_force":"day"}"#,
        headers: key.headers)
      #expect(order.status == .forbidden && order.alpacaError?.code == 40_310_000)
    }
  }

  @Test("wrong secrets for a key are throttled from that address; the right one still works")
  func throttled() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      var wrong = key
      wrong.secret = "guess"
      for _ in 0..<5 {
        let refused = try await client.json(.get, "/v2/account", headers: wrong.headers)
        #expect(refused.status == .unauthorized)
      }
      let blocked = try await client.json(.get, "/v2/account", headers: wrong.headers)
      #expect(blocked.status == .tooManyRequests && blocked.alpacaError?.code == 42_910_000)
      #expect(blocked.headers[.retryAfter] != nil)
      // A bot with the right secret is never locked out by someone guessing at its key.
      #expect(try await client.json(.get, "/v2/account", headers: key.headers).status == .ok)
    }
  }

  @Test("a key's secret never reaches the log, at any level")
  func neverLogged() async throws {
    let logs = LogCapture()
    let app = try await BrokerageTestServer.make(
      brokerage: BrokerageTestServer.brokerage(), logs: logs)
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      var wrong = key
      wrong.secret = "wrong-secret-guess-0123456789"
      _ = try await client.json(.get, "/v2/account", headers: key.headers)
      _ = try await client.json(.get, "/v2/account", headers: wrong.headers)
      _ = try await client.json(
        .post, "/v2/orders", body: #"{"symbol":"AAPL","qty":"#, headers: key.headers)
      #expect(!logs.all.isEmpty)
      #expect(!logs.all.contains { $0.contains(key.secret) || $0.contains(wrong.secret) })
    }
  }

  @Test("a key's name is required and plain; another user cannot revoke it")
  func validation() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let alice = try await client.signUp()
      let bob = try await client.signUp()
      for body in [#"{"name":""}"#, #"{"name":"a\u0000b"}"#, #"{}"#] {
        let response = try await client.json(
          .post, "/api/v1/auth/api-keys", body: body, headers: alice.headers())
        #expect(response.status == .unprocessableContent || response.status == .badRequest)
      }
      let key = try await client.createKey(alice)
      let revoke = try await client.json(
        .delete, "/api/v1/auth/api-keys/\(key.id)", headers: bob.headers())
      #expect(revoke.status == .notFound)
      #expect(try await client.json(.get, "/v2/account", headers: key.headers).status == .ok)
    }
  }
}
