import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import NIOWebSocket
import RavenCore
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// Revoking a credential closes the streams opened with it, within a second, with 1008
/// (policy violation) and the reason.
@Suite("Streams close when their credential is revoked")
struct StreamRevocationTests {
  /// How long a revoked stream may stay open.
  static let limit = Duration.seconds(1)

  @Test("Deleting an API key closes its trading stream (/stream)", .timeLimit(.minutes(1)))
  func keyClosesTradingStream() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      let closed = try await client.ws("/stream") { inbound, outbound, _ in
        try await outbound.write(
          .text(
            #"{"action":"authenticate","data":{"key_id":"\#(key.keyID)","secret_key":"\#(key.secret)"}}"#
          ))
        var deadline: Task<Void, Never>?
        defer { deadline?.cancel() }
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message, text.contains(#""status":"authorized""#) else {
            continue
          }
          try await outbound.write(
            .text(#"{"action":"listen","data":{"streams":["trade_updates"]}}"#))
          let revoked = try await client.json(
            .delete, "/api/v1/auth/api-keys/\(key.id)", headers: browser.headers())
          #expect(revoked.status == .noContent)
          deadline = outbound.closeUnlessClosed(after: Self.limit)
        }
      }
      #expect(closed?.closeCode == .policyViolation)
      #expect(closed?.reason == "API key revoked")
    }
  }

  @Test("Deleting an API key closes its market data stream (/v2/iex)", .timeLimit(.minutes(1)))
  func keyClosesDataStream() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      let closed = try await client.ws("/v2/iex") { inbound, outbound, _ in
        var deadline: Task<Void, Never>?
        defer { deadline?.cancel() }
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .binary(let buffer) = message,
            case .array(let items) = try MessagePackDecoder.decode(Array(buffer.readableBytesView))
          else { continue }
          for item in items {
            switch item["msg"]?.stringValue {
            case "connected":
              try await outbound.write(
                .binary(
                  ByteBuffer(
                    bytes: MessagePackEncoder.encode(
                      .object([
                        "action": .string("auth"), "key": .string(key.keyID),
                        "secret": .string(key.secret),
                      ])))))
            case "authenticated":
              let revoked = try await client.json(
                .delete, "/api/v1/auth/api-keys/\(key.id)", headers: browser.headers())
              #expect(revoked.status == .noContent)
              deadline = outbound.closeUnlessClosed(after: Self.limit)
            default: break
            }
          }
        }
      }
      #expect(closed?.closeCode == .policyViolation)
      #expect(closed?.reason == "API key revoked")
    }
  }

  @Test("Signing out closes the stream the browser opened with its cookie", .timeLimit(.minutes(1)))
  func signOutClosesCookieStream() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let (closed, _) = try await Self.cookieStream(
        of: browser, port: try #require(client.port)
      ) {
        let out = try await client.json(.post, "/api/v1/auth/logout", headers: browser.headers())
        #expect(out.status == .noContent)
      }
      #expect(closed?.code == 1008)
      #expect(closed?.reason == "signed out")
    }
  }

  @Test(
    "Signing out everywhere closes the cookie's stream and the personal token's",
    .timeLimit(.minutes(1)))
  func everywhereClosesStreams() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let token = try await client.personalToken(of: browser)
      // While the browser's stream is open, a script's stream opens with the token, and
      // the browser signs out everywhere: both close.
      let (closed, tokenClosed) = try await Self.cookieStream(
        of: browser, port: try #require(client.port)
      ) {
        try await client.tokenStreamClose(token: token) {
          let out = try await client.json(
            .post, "/api/v1/auth/logout-everywhere", headers: browser.headers())
          #expect(out.status == .noContent)
        }
      }
      #expect(closed?.code == 1008)
      #expect(closed?.reason == "signed out everywhere")
      #expect(tokenClosed?.closeCode == .policyViolation)
      #expect(tokenClosed?.reason == "signed out everywhere")
    }
  }

  @Test("A new password closes the other sessions' streams", .timeLimit(.minutes(1)))
  func passwordChangeClosesOtherSessions() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let laptop = try await client.signUp()
      let phone = try await client.logIn(laptop.username)
      let (closed, _) = try await Self.cookieStream(of: phone, port: try #require(client.port)) {
        let changed = try await client.json(
          .post, "/api/v1/auth/password",
          body: #"{"currentPassword":"correct horse","newPassword":"a brand new phrase"}"#,
          headers: laptop.headers())
        #expect(changed.status == .noContent)
      }
      #expect(closed?.code == 1008)
      #expect(closed?.reason == "password changed")
    }
  }

  @Test("Deleting a personal token closes the stream opened with it", .timeLimit(.minutes(1)))
  func tokenDeletionClosesStream() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp()
      let token = try await client.personalToken(of: browser)
      let closed = try await client.tokenStreamClose(token: token) {
        let deleted = try await client.json(
          .delete, "/api/v1/auth/tokens/\(token.id)", headers: browser.headers())
        #expect(deleted.status == .noContent)
      }
      #expect(closed?.closeCode == .policyViolation)
      #expect(closed?.reason == "API token revoked")
    }
  }

  /// Opens `/api/v1/stream` as `browser`'s page does, waits until it is registered (the
  /// first quote of AAPL), runs `revoke`, and answers the server's closing frame (nil when
  /// none came within `limit` of `revoke`) and what `revoke` answered.
  static func cookieStream<Revoked: Sendable>(
    of browser: Browser, port: Int, revoke: () async throws -> Revoked
  ) async throws -> (close: (code: UInt16, reason: String)?, revoked: Revoked) {
    try await BrowserWebSocket.open("/api/v1/stream", port: port, cookie: browser.cookie) {
      socket in
      try await socket.send(#"{"type":"subscribe","symbols":["AAPL"]}"#)
      while let frame = try await socket.nextFrame() {
        if frame.text?.contains(#""type":"quote""#) == true { break }
      }
      let revoked = try await revoke()
      return (try await socket.closingFrame(within: limit), revoked)
    }
  }
}

@Suite("Credential revocations")
struct CredentialRevocationsTests {
  @Test("Each revocation ends the streams it covers, and only those")
  func covers() async {
    let revocations = CredentialRevocations()
    let (alice, bob) = (UserID(1), UserID(2))
    let key = UUID()
    let laptop = revocations.watch(.session(tokenHash: "laptop"), of: alice)
    let phone = revocations.watch(.session(tokenHash: "phone"), of: alice)
    let script = revocations.watch(.apiToken(APITokenID(7)), of: alice)
    let bot = revocations.watch(.apiKey(key), of: alice)
    let bobs = revocations.watch(.session(tokenHash: "bob"), of: bob)
    #expect(revocations.watchedCount == 5)

    revocations.revoke(.sessions(of: alice, keeping: "laptop"))
    #expect(await phone.revoked() == "password changed")
    #expect(revocations.watchedCount == 4)
    revocations.revoke(.apiKey(UUID(), of: alice))  // another key
    revocations.revoke(.apiKey(key, of: bob))  // another user's: no key of bob's is this one
    revocations.revoke(.sessionsAndTokens(of: alice))
    #expect(await laptop.revoked() == "signed out everywhere")
    #expect(await script.revoked() == "signed out everywhere")
    #expect(revocations.watchedCount == 2)  // the key's stream and bob's
    revocations.revoke(.apiKey(key, of: alice))
    #expect(await bot.revoked() == "API key revoked")
    bobs.end()
    #expect(await bobs.revoked() == nil)
    #expect(revocations.watchedCount == 0)
  }
}

extension WebSocketOutboundWriter {
  /// Closes the stream from the client's side (1000) after `limit` unless cancelled first:
  /// a stream the server should have closed ends anyway, with the wrong code.
  func closeUnlessClosed(after limit: Duration) -> Task<Void, Never> {
    Task {
      try? await Task.sleep(for: limit)
      guard !Task.isCancelled else { return }
      try? await close(.normalClosure, reason: "not closed in time")
    }
  }
}

/// A personal API token, as the CLI makes one.
struct PersonalToken {
  var id: Int64
  var token: String
}

extension TestClientProtocol {
  /// A second sign-in of `username` (password "correct horse", as `signUp` sets it).
  func logIn(_ username: String) async throws -> Browser {
    let response = try await json(
      .post, "/api/v1/auth/login",
      body: #"{"username":"\#(username)","password":"correct horse"}"#)
    #expect(response.status == .ok)
    let pairs = response.headers[values: .setCookie]
      .compactMap { $0.split(separator: ";").first.map(String.init) }
    let csrf = pairs.first { $0.hasPrefix("raven_csrf=") }?.dropFirst("raven_csrf=".count)
    return Browser(
      cookie: pairs.joined(separator: "; "), csrf: String(csrf ?? ""), username: username)
  }

  func personalToken(of browser: Browser) async throws -> PersonalToken {
    let created = try await json(
      .post, "/api/v1/auth/tokens",
      body: #"{"username":"\#(browser.username)","password":"correct horse","name":"script"}"#)
    #expect(created.status == .created)
    let body = try created.object()
    return PersonalToken(
      id: try #require((body["id"] as? NSNumber)?.int64Value),
      token: try #require(body["token"] as? String))
  }

  /// Opens `/api/v1/stream` with `token`, waits until it is registered (the first quote
  /// of AAPL), runs `revoke`, and answers the server's closing frame; the client closes
  /// with 1000 when none came within a second of `revoke`.
  func tokenStreamClose(
    token: PersonalToken, revoke: @escaping @Sendable () async throws -> Void
  ) async throws -> WebSocketCloseFrame? {
    var configuration = WebSocketClientConfiguration()
    configuration.additionalHeaders[.authorization] = "Bearer \(token.token)"
    return try await ws("/api/v1/stream", configuration: configuration) {
      inbound, outbound, _ in
      try await outbound.write(.text(#"{"type":"subscribe","symbols":["AAPL"]}"#))
      var deadline: Task<Void, Never>?
      defer { deadline?.cancel() }
      for try await message in inbound.messages(maxSize: 1 << 20) {
        guard deadline == nil, case .text(let text) = message, text.contains(#""type":"quote""#)
        else { continue }
        try await revoke()
        deadline = outbound.closeUnlessClosed(after: StreamRevocationTests.limit)
      }
    }
  }
}

@Suite("Identities revoke what they delete")
struct IdentitiesRevocationTests {
  @Test("Deleting a session or a user's tokens ends their streams and their cached identity")
  func deletingRevokes() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let identities = Identities(store: store, revocations: CredentialRevocations(), clock: clock)
    let ada = try await identities.createUser(
      username: "ada", passwordHash: "x", startingCash: 25_000, at: clock.now)
    try await identities.createSession(
      BrowserSession(
        tokenHash: "laptop", userID: ada.id, csrfToken: "c", createdAt: clock.now,
        expiresAt: clock.now.addingTimeInterval(3_600)))
    let token = try await identities.createAPIToken(
      userID: ada.id, name: "script", tokenHash: "script", at: clock.now)
    #expect(try await identities.identity(sessionHash: "laptop")?.user == ada)
    #expect(try await identities.identity(tokenHash: "script")?.user == ada)
    let laptop = identities.revocations.watch(.session(tokenHash: "laptop"), of: ada.id)
    let script = identities.revocations.watch(.apiToken(token.id), of: ada.id)

    try await identities.deleteSession(tokenHash: "laptop")
    #expect(await laptop.revoked() == "signed out")
    // Forgotten at once, not a second later.
    #expect(try await identities.identity(sessionHash: "laptop") == nil)
    #expect(identities.revocations.watchedCount == 1)

    try await identities.deleteAPITokens(userID: ada.id)
    #expect(await script.revoked() == "API token revoked")
    #expect(try await identities.identity(tokenHash: "script") == nil)
  }
}
