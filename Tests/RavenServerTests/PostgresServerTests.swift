import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import RavenCore
import RavenSimulation
import RavenStore
import RavenStorePostgres
import RavenTestSupport
import Testing

@testable import RavenServer

/// The server on PostgreSQL, as `raven serve --database-url` wires it: the store runs as
/// a service of the application and is migrated before the first request. Runs when
/// `RAVEN_TEST_POSTGRES_URL` names a database (`.ci/postgres` starts one).
@Suite("Server on PostgreSQL", .enabled(if: TestDatabaseURL.postgres != nil))
struct PostgresServerTests {
  static var url: String? { TestDatabaseURL.postgres }

  @Test("Sign up, trade concurrently and read the portfolio with PostgresStore")
  func tradeOnPostgres() async throws {
    let url = try #require(Self.url)
    var logger = Logger(label: "raven.server.tests")
    logger.logLevel = .error
    let schema =
      "raven_server_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    var configuration = try PostgresStore.configuration(url: url)
    configuration.options.maximumConnections = 4
    configuration.options.additionalStartupParameters = [("search_path", schema)]
    let admin = PostgresClient(configuration: configuration, backgroundLogger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await admin.run() }
      try await admin.query("CREATE SCHEMA \(unescaped: schema)")
      defer { group.cancelAll() }
      do {
        try await exercise(PostgresStore(configuration: configuration, logger: logger))
      } catch {
        try await admin.query("DROP SCHEMA \(unescaped: schema) CASCADE")
        throw error
      }
      try await admin.query("DROP SCHEMA \(unescaped: schema) CASCADE")
    }
  }

  private func exercise(_ store: PostgresStore) async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let dependencies = ServerDependencies(
      store: store,
      provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: clock, calendar: TestServer.calendar, services: [store])
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for _ in 0..<20 {
          group.addTask {
            try await client.json(
              .post, "/api/v1/trades", body: #"{"symbol":"MSFT","side":"buy","shares":"1000"}"#,
              headers: browser.headers()
            ).status
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      // 1,000 shares cost more than $25,000 at any simulated MSFT price: all refused.
      #expect(statuses.allSatisfy { $0 == .unprocessableContent })
      let buy = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"2.5"}"#,
        headers: browser.headers())
      #expect(buy.status == .created)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect((portfolio["positions"] as? [[String: Any]])?.first?["shares"] as? String == "2.5")
      // $25,000 less the half-spread paid on 2.5 shares bought at the ask (a cent over).
      #expect(portfolio["netWorth"] as? String == "24999.98")
    }
  }
}

enum TestDatabaseURL {
  static let postgres = ProcessInfo.processInfo.environment["RAVEN_TEST_POSTGRES_URL"]
}
