import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import RavenTestSupport
import Testing

@testable import RavenServer

/// Each server reads a credential at most once a second: what it revokes fails at once
/// there, and within a second on every other server sharing the database.
@Suite("Credentials read through a cache")
struct CredentialCacheTests {
  private func bearer(_ client: some TestClientProtocol, _ username: String) async throws
    -> (id: Int, headers: HTTPFields)
  {
    let created = try await client.json(
      .post, "/api/v1/auth/tokens",
      body: #"{"username":"\#(username)","password":"correct horse","name":"laptop"}"#
    ).object()
    var headers = HTTPFields()
    headers[.authorization] = "Bearer \(try #require(created["token"] as? String))"
    return (try #require(created["id"] as? Int), headers)
  }

  @Test("A token deleted on one server fails there at once and on the other within a second")
  func tokenRevokedElsewhere() async throws {
    try await TestServer.twoSharingADatabase { clock, one, other in
      let browser = try await one.signUp("kim")
      let (id, token) = try await bearer(one, "kim")
      #expect(try await one.json(.get, "/api/v1/me", headers: token).status == .ok)
      #expect(try await other.json(.get, "/api/v1/me", headers: token).status == .ok)

      let deleted = try await other.json(
        .delete, "/api/v1/auth/tokens/\(id)", headers: browser.headers())
      #expect(deleted.status == .noContent)
      let here = try await other.json(.get, "/api/v1/me", headers: token)
      #expect(here.status == .unauthorized && here.errorCode == "invalid_token")
      // The first server read the token moments ago; within the second it still stands…
      clock.advance(by: 0.5)
      #expect(try await one.json(.get, "/api/v1/me", headers: token).status == .ok)
      // …and no longer.
      clock.advance(by: 0.5)
      let there = try await one.json(.get, "/api/v1/me", headers: token)
      #expect(there.status == .unauthorized && there.errorCode == "invalid_token")
    }
  }

  @Test("A session signed out on one server is signed out on the other within a second")
  func sessionSignedOutElsewhere() async throws {
    try await TestServer.twoSharingADatabase { clock, one, other in
      let browser = try await one.signUp("lee")
      let me = browser.headers(csrf: false)
      #expect(try await other.json(.get, "/api/v1/me", headers: me).status == .ok)
      #expect(
        try await one.json(.post, "/api/v1/auth/logout", headers: browser.headers()).status
          == .noContent)
      #expect(try await one.json(.get, "/api/v1/me", headers: me).status == .unauthorized)
      clock.advance(by: 1)
      #expect(try await other.json(.get, "/api/v1/me", headers: me).status == .unauthorized)
    }
  }

  @Test("A new password signs the other sessions out at once on the server that set it")
  func passwordChange() async throws {
    try await TestServer.twoSharingADatabase { _, one, _ in
      let laptop = try await one.signUp("max")
      let login = try await one.json(
        .post, "/api/v1/auth/login", body: #"{"username":"max","password":"correct horse"}"#)
      let phoneCookie = login.headers[values: .setCookie]
        .compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
      var phone = HTTPFields()
      phone[.cookie] = phoneCookie
      #expect(try await one.json(.get, "/api/v1/me", headers: phone).status == .ok)
      let changed = try await one.json(
        .post, "/api/v1/auth/password",
        body: #"{"currentPassword":"correct horse","newPassword":"battery staple 42"}"#,
        headers: laptop.headers())
      #expect(changed.status == .noContent)
      #expect(try await one.json(.get, "/api/v1/me", headers: phone).status == .unauthorized)
      #expect(
        try await one.json(.get, "/api/v1/me", headers: laptop.headers(csrf: false)).status == .ok)
    }
  }

  @Test("An expired session is not served from the cache")
  func expiry() {
    let clock = ManualWallClock(TestServer.midSession)
    let cache = CredentialCache(clock: clock, capacity: 2)
    let user = User(id: UserID(1), username: "kim", createdAt: clock.now)
    let identity = AuthenticatedUser(user: user, credential: .apiToken(APITokenID(1)))
    cache.remember(
      identity, hash: "a", readSince: cache.mark(), expiresAt: clock.now.addingTimeInterval(0.2))
    #expect(cache.identity(hash: "a") != nil)
    clock.advance(by: 0.2)
    #expect(cache.identity(hash: "a") == nil)
    // Full: the stale go first, then everything; never more than the capacity.
    cache.remember(identity, hash: "b", readSince: cache.mark())
    cache.remember(identity, hash: "c", readSince: cache.mark())
    cache.remember(identity, hash: "d", readSince: cache.mark())
    #expect(cache.identity(hash: "d") != nil)
    cache.forget(userID: UserID(1))
    #expect(cache.identity(hash: "d") == nil)
    // A read begun before a revocation is not kept: it may predate the write.
    let mark = cache.mark()
    cache.forget(userID: UserID(2))
    cache.remember(identity, hash: "e", readSince: mark)
    #expect(cache.identity(hash: "e") == nil)
    // A clock stepped back makes nothing fresher.
    cache.remember(identity, hash: "f", readSince: cache.mark())
    clock.advance(by: -5)
    #expect(cache.identity(hash: "f") == nil)
  }
}
