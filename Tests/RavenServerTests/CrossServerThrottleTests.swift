import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenSimulation
import RavenStore
import RavenStorePostgres
import RavenTestSupport
import ServiceLifecycle
import Testing

@testable import RavenServer

/// Two servers on one PostgreSQL database hold one server's throttles (issue 38): the
/// counts live in the database. PostgreSQL only (SQLite is one server).
@Suite("Throttles across servers")
struct CrossServerThrottleTests {
  /// A server on `store` behind a trusted proxy on loopback, counting in the database.
  static func server(store: PostgresStore, services: [any Service] = []) async throws
    -> some ApplicationProtocol
  {
    var dependencies = ServerDependencies(
      store: store, provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: ManualWallClock(TestServer.midSession), calendar: TestServer.calendar,
      services: services)
    dependencies.attempts = PostgresAttemptLedger(store: store)
    var configuration = TestServer.configuration()
    configuration.trustedProxies = LoginThrottleTests.proxy
    return try await buildApplication(configuration, dependencies: dependencies)
  }

  @Test(
    "Wrong passwords and wrong secrets through two servers: five in all, then 429 on either",
    .timeLimit(.minutes(2)), .enabled(if: TestStore.available.contains(.postgres)))
  func limitsHoldAcrossServers() async throws {
    try await TestStore.postgres.with { store, services in
      let store = try #require(store as? PostgresStore)
      let first = try await Self.server(store: store, services: services)
      let second = try await Self.server(store: store)
      try await first.test(.live) { one in
        try await second.test(.live) { two in
          let key = try await one.createKey(try await one.signUp("alice"))
          // Guesses alternate between the servers: the sixth is refused by both.
          for index in 0..<5 {
            let client: any TestClientProtocol = index.isMultiple(of: 2) ? one : two
            #expect(
              try await LoginThrottleTests.login(client, "wrong guess", from: "203.0.113.9")
                .status == .unauthorized)
          }
          for client: any TestClientProtocol in [one, two] {
            let refused = try await LoginThrottleTests.login(
              client, "correct horse", from: "203.0.113.9")
            #expect(refused.status == .tooManyRequests)
          }
          // The owner, elsewhere, signs in through either.
          #expect(
            try await LoginThrottleTests.login(two, "correct horse", from: "198.51.100.7").status
              == .ok)

          func account(_ client: some TestClientProtocol, secret: String) async throws
            -> TestResponse
          {
            var headers = AlpacaKey(id: key.id, keyID: key.keyID, secret: secret).headers
            headers[.xForwardedFor] = "192.0.2.66"
            return try await client.json(.get, "/v2/account", headers: headers)
          }
          for index in 0..<5 {
            let status =
              try await
              (index.isMultiple(of: 2)
              ? account(one, secret: "guess") : account(two, secret: "guess")).status
            #expect(status == .unauthorized)
          }
          #expect(try await account(one, secret: "guess").status == .tooManyRequests)
          #expect(try await account(two, secret: "guess").status == .tooManyRequests)
          // The key's own program is never stopped.
          #expect(try await account(two, secret: key.secret).status == .ok)
        }
      }
    }
  }
}
