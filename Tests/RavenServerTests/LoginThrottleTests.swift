import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// Failed sign-ins stop the guesser, not the account's owner (issue 16, point 3).
@Suite("Login throttle")
struct LoginThrottleTests {
  static let proxy = [AddressRange("127.0.0.0/8")!]

  /// A server behind a trusted proxy on loopback, so `X-Forwarded-For` names the client.
  static func server(trusting proxies: [AddressRange] = proxy) async throws
    -> some ApplicationProtocol
  {
    var configuration = TestServer.configuration()
    configuration.trustedProxies = proxies
    return try await TestServer.make(configuration: configuration)
  }

  static func login(
    _ client: some TestClientProtocol, _ password: String, from address: String
  ) async throws -> TestResponse {
    try await client.json(
      .post, "/api/v1/auth/login", body: #"{"username":"alice","password":"\#(password)"}"#,
      headers: [.xForwardedFor: address])
  }

  @Test("Five wrong passwords from one address lock that address out of the account, not the owner")
  func guesserIsStoppedOwnerIsNot() async throws {
    let app = try await Self.server()
    try await app.test(.live) { client in
      _ = try await client.signUp("alice")
      for _ in 0..<5 {
        #expect(
          try await Self.login(client, "wrong guess", from: "203.0.113.9").status == .unauthorized)
      }
      let guesser = try await Self.login(client, "correct horse", from: "203.0.113.9")
      #expect(guesser.status == .tooManyRequests)
      #expect(guesser.headers[.retryAfter] != nil)
      let owner = try await Self.login(client, "correct horse", from: "198.51.100.7")
      #expect(owner.status == .ok)
    }
  }

  @Test(
    "Without a trusted proxy, X-Forwarded-For is ignored: a guesser cannot pose as many addresses")
  func forwardedForIgnoredFromUntrustedPeer() async throws {
    let app = try await Self.server(trusting: [])
    try await app.test(.live) { client in
      _ = try await client.signUp("alice")
      for index in 0..<5 {
        #expect(
          try await Self.login(client, "wrong guess", from: "203.0.113.\(index)").status
            == .unauthorized)
      }
      let next = try await Self.login(client, "wrong guess", from: "203.0.113.99")
      #expect(next.status == .tooManyRequests)
    }
  }

  @Test("An account's sign-ins wait longer with each failure beyond five, up to ten seconds")
  func progressiveDelay() async throws {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let throttle = LoginThrottle(clock: clock)
    var delays: [TimeInterval] = []
    for index in 0..<10 {
      delays.append(try await throttle.loginDelay(username: "Alice"))
      try await throttle.recordFailure(username: "alice", address: "10.0.0.\(index)")
    }
    #expect(delays == [0, 0, 0, 0, 0, 1, 2, 4, 8, 10])
    // Twenty addresses with five guesses each: none is locked out of the account ...
    #expect(try await throttle.loginRetryAfter(username: "alice", address: "10.0.0.1") == nil)
    // ... and the right password ends the delay.
    try await throttle.recordSuccess(username: "alice", address: "10.0.0.200")
    #expect(try await throttle.loginDelay(username: "alice") == 0)
    // The window passes: everything is forgotten.
    for _ in 0..<5 { try await throttle.recordFailure(username: "bob", address: "10.0.0.1") }
    #expect(try await throttle.loginRetryAfter(username: "bob", address: "10.0.0.1") == 900)
    clock.advance(by: 15 * 60)
    #expect(try await throttle.loginRetryAfter(username: "bob", address: "10.0.0.1") == nil)
    #expect(try await throttle.loginDelay(username: "bob") == 0)
  }

  @Test("Sixty wrong passwords at once for one account from one address: five are checked")
  func concurrentGuesses() async throws {
    let app = try await TestServer.make()
    // In-process requests run side by side (a live client's share one connection).
    try await app.test(.router) { client in
      _ = try await client.signUp("alice")
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for _ in 0..<60 {
          group.addTask { try await Self.login(client, "wrong guess", from: "203.0.113.9").status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == .unauthorized }.count == 5)
      #expect(statuses.filter { $0 == .tooManyRequests }.count == 55)
    }
  }

  @Test("A sign-in is counted when let through and settled after its password is checked")
  func admittedAttempts() async throws {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let throttle = LoginThrottle(clock: clock)
    var admitted: [LoginThrottle.LoginAttempt] = []
    for _ in 0..<6 {
      if case .admitted(let attempt) = try await throttle.admitLogin(
        username: "alice", address: "203.0.113.9")
      {
        admitted.append(attempt)
      }
    }
    // Five in flight lock the pair until they are settled.
    #expect(admitted.count == 5)
    // One whose password could not be checked (the store failed) is taken back ...
    await throttle.settle(admitted[4], as: .unchecked)
    #expect(try await throttle.loginRetryAfter(username: "alice", address: "203.0.113.9") == nil)
    // ... and the right password ends the pair's count and the account's delay, and is
    // not held against the address.
    await throttle.settle(admitted[3], as: .rightPassword)
    #expect(try await throttle.loginDelay(username: "alice") == 0)
    for index in 0..<26 {
      try await throttle.recordFailure(username: "user\(index)", address: "203.0.113.9")
    }
    // Alice's three wrong passwords and 26 others are 29 failures of the address: not yet
    // its lock, which the 30th is.
    #expect(try await throttle.loginRetryAfter(username: "bob", address: "203.0.113.9") == nil)
    try await throttle.recordFailure(username: "user26", address: "203.0.113.9")
    #expect(try await throttle.loginRetryAfter(username: "bob", address: "203.0.113.9") == 900)
  }

  @Test("100,100 made-up API key IDs from one address are one count: no lock is forgotten")
  func madeUpKeyIDs() async throws {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let ledger = LocalAttemptLedger()
    let throttle = LoginThrottle(clock: clock, ledger: ledger)
    try await Self.lock(throttle)
    let check = APIKeyCheck(store: try SQLiteStore.temporary(), throttle: throttle)
    var refused = 0
    var throttled = 0
    for index in 0..<100_100 {
      // Made-up IDs (the shape of none of Raven's, so no store read): one attacker's flood.
      let credentials = APIKeyCredentials(keyID: "made-up-\(index)", secret: "x")
      do {
        if try await check.verify(credentials, from: "192.0.2.66") == nil { refused += 1 }
      } catch let error as AlpacaError where error.status == .tooManyRequests {
        throttled += 1
      }
    }
    #expect(refused == 5 && throttled == 100_095)
    #expect(await ledger.count < 100)
    try await Self.expectLocked(throttle)
  }

  @Test("Past its capacity the table forgets API keys' counts first and keeps the locks")
  func boundedTable() async throws {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let ledger = LocalAttemptLedger(capacity: 200)
    let throttle = LoginThrottle(clock: clock, ledger: ledger)
    try await Self.lock(throttle)
    // Wrong secrets for 10,000 keys from as many addresses, and a failed sign-in from
    // each of 1,000 more addresses for as many accounts.
    for index in 0..<10_000 {
      let address = "10.0.\(index / 256).\(index % 256)"
      _ = try await throttle.keyFailure(keyID: "PK\(index)", address: address)
      if index % 10 == 0 {
        try await throttle.recordFailure(username: "user\(index)", address: "10.1.\(index / 10)")
      }
    }
    #expect(await ledger.count <= 200)
    try await Self.expectLocked(throttle)
  }

  /// Locks alice's account for 203.0.113.9 (which starts her account's delay too) and
  /// 198.51.100.7 for every account.
  static func lock(_ throttle: LoginThrottle) async throws {
    for _ in 0..<5 { try await throttle.recordFailure(username: "alice", address: "203.0.113.9") }
    for index in 0..<30 {
      try await throttle.recordFailure(username: "sprayed\(index)", address: "198.51.100.7")
    }
    try await expectLocked(throttle)
  }

  static func expectLocked(_ throttle: LoginThrottle) async throws {
    #expect(try await throttle.loginRetryAfter(username: "alice", address: "203.0.113.9") == 900)
    #expect(try await throttle.loginRetryAfter(username: "bob", address: "198.51.100.7") == 900)
    #expect(try await throttle.loginDelay(username: "alice") == 1)
  }

  @Test("Made-up API key IDs are counted per address; the key's own secret still works")
  func madeUpKeyIDsPerAddress() async throws {
    let app = try await Self.server()
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp("alice"))
      func account(_ keyID: String, from address: String, secret: String = "guess")
        async throws -> TestResponse
      {
        var headers = AlpacaKey(id: key.id, keyID: keyID, secret: secret).headers
        headers[.xForwardedFor] = address
        return try await client.json(.get, "/v2/account", headers: headers)
      }
      // Five made-up IDs, each once, some of the shape of Raven's: five plain refusals.
      for keyID in ["PKMADEUP000000000001", "PKMADEUP000000000002", "nope", "x", "PK"] {
        #expect(try await account(keyID, from: "203.0.113.9").status == .unauthorized)
      }
      let sixth = try await account("PKMADEUP000000000003", from: "203.0.113.9")
      #expect(sixth.status == .tooManyRequests && sixth.headers[.retryAfter] != nil)
      // A wrong secret for a real key from there waits too: no answer tells which IDs exist.
      #expect(try await account(key.keyID, from: "203.0.113.9").status == .tooManyRequests)
      #expect(
        try await account("PKMADEUP000000000003", from: "198.51.100.7").status == .unauthorized)
      // The key's program, at the same address, is never stopped.
      let bot = try await account(key.keyID, from: "203.0.113.9", secret: key.secret)
      #expect(bot.status == .ok)
    }
  }

  @Test("Trusted proxies: the nearest untrusted hop of X-Forwarded-For is the client")
  func clientAddress() {
    let origin = ClientOrigin(trustedProxies: [AddressRange("10.0.0.0/8")!, AddressRange("::1")!])
    let headers: HTTPFields = [
      .xForwardedFor: "198.51.100.1, 203.0.113.5", .init("X-Forwarded-For")!: "10.1.2.3",
    ]
    #expect(origin.clientAddress(peer: "10.0.0.2", headers: headers) == "203.0.113.5")
    #expect(origin.clientAddress(peer: "::1", headers: headers) == "203.0.113.5")
    #expect(origin.clientAddress(peer: "192.0.2.1", headers: headers) == "192.0.2.1")
    #expect(origin.clientAddress(peer: "10.0.0.2", headers: [:]) == "10.0.0.2")
    #expect(
      origin.clientAddress(peer: "10.0.0.2", headers: [.xForwardedFor: "junk, 10.9.9.9"])
        == "10.9.9.9")
    #expect(origin.forwardedHTTPS(peer: "10.0.0.2", headers: [.xForwardedProto: "https"]))
    #expect(!origin.forwardedHTTPS(peer: "192.0.2.1", headers: [.xForwardedProto: "https"]))
  }

  @Test("Address ranges: IPv4, IPv6, mapped IPv4, bad text")
  func addressRanges() {
    let v4 = AddressRange("192.168.0.0/16")
    #expect(v4?.contains("192.168.44.1") == true)
    #expect(v4?.contains("192.169.0.1") == false)
    #expect(v4?.contains("::ffff:192.168.1.1") == true)
    #expect(AddressRange("10.1.2.3")?.contains("10.1.2.3") == true)
    #expect(AddressRange("10.1.2.3")?.contains("10.1.2.4") == false)
    #expect(AddressRange("fd00::/8")?.contains("fd12::1") == true)
    #expect(AddressRange("fd00::/8")?.contains("fe80::1") == false)
    #expect(AddressRange("0.0.0.0/0")?.contains("8.8.8.8") == true)
    for bad in [
      "", "10.0.0.0/33", "10.0.0/8", "example.com", "10.0.0.0/-1", "::1/129", "1.2.3.4/ 8",
    ] {
      #expect(AddressRange(bad) == nil, "\(bad)")
    }
  }
}
