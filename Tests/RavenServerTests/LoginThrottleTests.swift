import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
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
      delays.append(await throttle.loginDelay(username: "Alice"))
      await throttle.recordFailure(username: "alice", address: "10.0.0.\(index)")
    }
    #expect(delays == [0, 0, 0, 0, 0, 1, 2, 4, 8, 10])
    // Twenty addresses with five guesses each: none is locked out of the account ...
    #expect(await throttle.loginRetryAfter(username: "alice", address: "10.0.0.1") == nil)
    // ... and the right password ends the delay.
    await throttle.recordSuccess(username: "alice", address: "10.0.0.200")
    #expect(await throttle.loginDelay(username: "alice") == 0)
    // The window passes: everything is forgotten.
    for _ in 0..<5 { await throttle.recordFailure(username: "bob", address: "10.0.0.1") }
    #expect(await throttle.loginRetryAfter(username: "bob", address: "10.0.0.1") == 900)
    clock.advance(by: 15 * 60)
    #expect(await throttle.loginRetryAfter(username: "bob", address: "10.0.0.1") == nil)
    #expect(await throttle.loginDelay(username: "bob") == 0)
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
