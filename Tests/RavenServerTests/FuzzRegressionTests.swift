import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import RavenStoreSQLite
import Testing

@testable import RavenServer

/// Answers that broke the API's promises, found by `.ci/fuzz` (schemathesis against
/// `openapi.yaml`), each kept here so that it stays fixed.
@Suite("Found by the API fuzzer")
struct FuzzRegressionTests {
  @Test("The last page of trades says so with \"nextCursor\": null, as the document requires")
  func lastPageCursorIsNull() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let empty = try await client.json(.get, "/api/v1/trades", headers: browser.headers())
      #expect(empty.status == .ok)
      #expect(try empty.object()["nextCursor"] is NSNull)
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      let one = try await client.json(.get, "/api/v1/trades", headers: browser.headers())
      #expect(try one.object()["nextCursor"] is NSNull)
    }
  }

  /// A server whose store fails on NUL text as PostgreSQL does (a 503 before the fix).
  private static func strictServer() async throws -> some ApplicationProtocol {
    try await TestServer.make(store: NULRefusingStore(base: try SQLiteStore.temporary()))
  }

  @Test("A goal title or description with a control character is a 422, never a 503")
  func controlCharactersInGoals() async throws {
    let app = try await Self.strictServer()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let title = try await client.json(
        .post, "/api/v1/goals", body: #"{"title":"House\u0000","target":"100"}"#,
        headers: browser.headers())
      #expect(title.status == .unprocessableContent && title.errorCode == "invalid_title")
      let description = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"House","description":"\u0000","target":"100"}"#,
        headers: browser.headers())
      #expect(
        description.status == .unprocessableContent
          && description.errorCode == "invalid_description")
      let created = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"House","description":"Deposit,\nthen the rest","target":"100"}"#,
        headers: browser.headers())
      #expect(created.status == .created)
      let id = try #require(try created.object()["id"] as? String)
      let patched = try await client.json(
        .patch, "/api/v1/goals/\(id)", body: #"{"title":"\u0000"}"#, headers: browser.headers())
      #expect(patched.status == .unprocessableContent && patched.errorCode == "invalid_title")
    }
  }

  @Test("An API token name with a control character is a 422, never a 503")
  func controlCharactersInTokenName() async throws {
    let app = try await Self.strictServer()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .post, "/api/v1/auth/tokens",
        body: #"{"username":"\#(browser.username)","password":"correct horse","name":"cli\u0000"}"#)
      #expect(response.status == .unprocessableContent && response.errorCode == "invalid_name")
    }
  }

  @Test("Signing in as a name no one can have (a NUL in it) is a 401, never a 503")
  func impossibleUsernames() async throws {
    let app = try await Self.strictServer()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let login = try await client.json(
        .post, "/api/v1/auth/login",
        body: #"{"username":"\#(browser.username)\u0000","password":"correct horse"}"#)
      #expect(login.status == .unauthorized && login.errorCode == "invalid_credentials")
      let token = try await client.json(
        .post, "/api/v1/auth/tokens",
        body: #"{"username":"a\u0000b","password":"correct horse","name":"cli"}"#)
      #expect(token.status == .unauthorized && token.errorCode == "invalid_credentials")
      let valid = try await client.json(
        .post, "/api/v1/auth/login",
        body: #"{"username":" \#(browser.username.uppercased()) ","password":"correct horse"}"#)
      #expect(valid.status == .ok)
    }
  }
}
