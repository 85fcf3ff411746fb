import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import RavenCore
import RavenStore
import RavenStoreSQLite
import Testing

@testable import RavenServer

@Suite("Passwords: every byte counts, weak ones refused, changed with the current one")
struct PasswordRouteTests {
  private func signUp(_ client: some TestClientProtocol, _ username: String, _ password: String)
    async throws -> TestResponse
  {
    let body = try JSONEncoder().encode(["username": username, "password": password])
    return try await client.json(
      .post, "/api/v1/auth/signup", body: String(decoding: body, as: UTF8.self))
  }

  private func logIn(_ client: some TestClientProtocol, _ username: String, _ password: String)
    async throws -> TestResponse
  {
    let body = try JSONEncoder().encode(["username": username, "password": password])
    return try await client.json(
      .post, "/api/v1/auth/login", body: String(decoding: body, as: UTF8.self))
  }

  @Test("A control character is refused, so no password is cut at a NUL")
  func controlCharacters() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      for password in ["\u{0}longsecretpassword", "abc\u{0}defghij", "line one\nline two"] {
        let refused = try await signUp(client, "nul\(password.count)", password)
        #expect(refused.status == .unprocessableContent, "\(password.debugDescription)")
        #expect(refused.errorCode == "invalid_password")
      }
      #expect(try await logIn(client, "nul20", "").status == .unauthorized)
    }
  }

  @Test("Past bcrypt's 72 bytes every character still counts")
  func longPasswords() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let base = String(repeating: "x", count: 71) + "y"
      let signedUp = try await signUp(client, "longpw", base + "A")
      #expect(signedUp.status == .created)
      #expect(try await logIn(client, "longpw", base + "B").status == .unauthorized)
      #expect(try await logIn(client, "longpw", base).status == .unauthorized)
      #expect(try await logIn(client, "longpw", base + "A").status == .ok)
    }
  }

  @Test("A hash from before pre-hashing still signs in, and is replaced by a pre-hashed one")
  func legacyHashes() async throws {
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let legacy = try await store.createUser(
      username: "olduser", passwordHash: Bcrypt.hash("old but good", cost: 4),
      startingCash: Money(25_000), at: TestServer.midSession)
    // Made before the NUL was refused: bcrypt read this password as "".
    _ = try await store.createUser(
      username: "nuluser", passwordHash: Bcrypt.hash("\u{0}longsecretpassword", cost: 4),
      startingCash: Money(25_000), at: TestServer.midSession)
    let app = try await TestServer.make(store: store)
    try await app.test(.router) { client in
      let first = try await logIn(client, "olduser", "old but good")
      #expect(first.status == .ok)
      let upgraded = try #require(try await store.credentials(username: "olduser"))
      #expect(upgraded.user.id == legacy.id)
      #expect(upgraded.passwordHash.hasPrefix(PasswordHasher.preHashedPrefix))
      #expect(try await logIn(client, "olduser", "old but good").status == .ok)
      #expect(try await logIn(client, "olduser", "old but bad").status == .unauthorized)
      #expect(try await logIn(client, "nuluser", "").status == .unauthorized)
    }
  }

  @Test("An unknown username costs a bcrypt verification, as a wrong password does")
  func unknownUsersCostTheSame() async throws {
    let services = try await TestServices.make()
    try await services.store.migrate()
    let app = Application(router: services.router())
    try await app.test(.router) { client in
      _ = try await signUp(client, "grace", "correct horse")
      let before = services.passwords.verifications.value
      #expect(try await logIn(client, "grace", "wrong horse").status == .unauthorized)
      #expect(services.passwords.verifications.value == before + 1)
      #expect(try await logIn(client, "nobody", "wrong horse").status == .unauthorized)
      #expect(services.passwords.verifications.value == before + 2)
      #expect(try await logIn(client, "no one!", "wrong horse").status == .unauthorized)
      #expect(services.passwords.verifications.value == before + 3)
    }
  }

  @Test("Common passwords, the username and one character repeated are refused (NIST 800-63B)")
  func weakPasswords() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      for password in ["12345678", "password", "Password", "iloveyou", "qwertyuiop"] {
        let refused = try await signUp(client, "weak\(password.count)", password)
        #expect(refused.errorCode == "weak_password", "\(password)")
      }
      #expect(try await signUp(client, "spaces", "        ").errorCode == "weak_password")
      #expect(try await signUp(client, "heidi123", "HEIDI123").errorCode == "weak_password")
      // Any characters otherwise: spaces, punctuation, emoji.
      #expect(try await signUp(client, "ivan", "my 🦆 sings at dawn").status == .created)
    }
  }

  @Test("Changing a password: the current one first, the same rules, other sessions signed out")
  func changePassword() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp("judy")
      let other = try await logIn(client, "judy", "correct horse")
      let otherCookie = other.headers[values: .setCookie]
        .compactMap { $0.split(separator: ";").first.map(String.init) }.joined(separator: "; ")
      var otherHeaders = HTTPFields()
      otherHeaders[.cookie] = otherCookie
      #expect(try await client.json(.get, "/api/v1/me", headers: otherHeaders).status == .ok)

      func change(_ current: String, _ new: String) async throws -> TestResponse {
        let body = try JSONEncoder().encode(["currentPassword": current, "newPassword": new])
        return try await client.json(
          .post, "/api/v1/auth/password", body: String(decoding: body, as: UTF8.self),
          headers: browser.headers())
      }
      #expect(try await change("wrong horse", "a new secret phrase").status == .unauthorized)
      #expect(try await change("correct horse", "password").errorCode == "weak_password")
      #expect(try await change("correct horse", "correct horse").errorCode == "same_password")
      #expect(try await change("correct horse", "a new secret phrase").status == .noContent)

      #expect(
        try await client.json(.get, "/api/v1/me", headers: otherHeaders).status == .unauthorized)
      #expect(
        try await client.json(.get, "/api/v1/me", headers: browser.headers(csrf: false)).status
          == .ok)
      #expect(try await logIn(client, "judy", "correct horse").status == .unauthorized)
      #expect(try await logIn(client, "judy", "a new secret phrase").status == .ok)
      // Without the CSRF header, a page elsewhere cannot change it.
      var noCSRF = browser.headers(csrf: false)
      noCSRF[.contentType] = "application/json"
      let forged = try await client.json(
        .post, "/api/v1/auth/password",
        body: #"{"currentPassword":"a new secret phrase","newPassword":"attacker's choice"}"#,
        headers: noCSRF)
      #expect(forged.status == .forbidden)
    }
  }
}
