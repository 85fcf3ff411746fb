import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import ServiceLifecycle
import Synchronization
import Testing

@testable import RavenServer

enum TestServer {
  static let calendar = NYSECalendar()
  /// Friday 2026-11-20, 13:00 New York: the market is open.
  static let midSession = try! Date("2026-11-20T18:00:00Z", strategy: .iso8601)

  static func configuration() -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.passwordHashCost = 4
    configuration.streamInterval = .milliseconds(50)
    return configuration
  }

  /// A server on the simulated market (seed 42) and `store`, a fresh temporary SQLite
  /// database unless given; `services` run with it (a PostgreSQL store is one).
  static func make(
    clock: ManualWallClock = ManualWallClock(midSession), store: (any Store)? = nil,
    services: [any Service] = [], configuration: ServerConfiguration = configuration()
  ) async throws -> some ApplicationProtocol {
    let market = SimulatedMarket(seed: 42, calendar: calendar)
    let dependencies = ServerDependencies(
      store: try store ?? SQLiteStore.temporary(), provider: market, clock: clock,
      calendar: calendar, services: services)
    return try await buildApplication(configuration, dependencies: dependencies)
  }

  /// Two servers on one database and one clock, as a deployment of several.
  static func twoSharingADatabase(
    _ body:
      @Sendable (ManualWallClock, any TestClientProtocol, any TestClientProtocol) async throws
      -> Void
  ) async throws {
    let clock = ManualWallClock(midSession)
    let store = try SQLiteStore.temporary()
    let first = try await make(clock: clock, store: store)
    let second = try await make(clock: clock, store: store)
    try await first.test(.router) { one in
      try await second.test(.router) { other in try await body(clock, one, other) }
    }
  }
}

/// A signed-in browser: the cookies and CSRF token a page would hold.
struct Browser {
  var cookie: String
  var csrf: String
  var username: String

  /// Headers for a request; state-changing ones carry the CSRF token.
  func headers(csrf include: Bool = true) -> HTTPFields {
    var headers = HTTPFields()
    headers[.cookie] = cookie
    if include { headers[.init("X-CSRF-Token")!] = csrf }
    headers[.contentType] = "application/json"
    return headers
  }
}

extension TestClientProtocol {
  func json(
    _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:]
  ) async throws -> TestResponse {
    var headers = headers
    if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
    return try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
  }

  /// Signs up a new user and returns their browser state.
  func signUp(_ username: String = "user\(UUID().uuidString.prefix(8).lowercased())") async throws
    -> Browser
  {
    let response = try await json(
      .post, "/api/v1/auth/signup", body: #"{"username":"\#(username)","password":"correct horse"}"#
    )
    #expect(response.status == .created)
    let cookies = response.headers[values: .setCookie]
    let pairs = cookies.compactMap { $0.split(separator: ";").first.map(String.init) }
    let csrf = pairs.first { $0.hasPrefix("raven_csrf=") }?.dropFirst("raven_csrf=".count)
    return Browser(
      cookie: pairs.joined(separator: "; "), csrf: String(csrf ?? ""), username: username)
  }
}

extension TestResponse {
  var text: String { String(buffer: body) }

  func object() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The error code of an API error body.
  var errorCode: String? {
    ((try? object())?["error"] as? [String: Any])?["code"] as? String
  }

  var errorMessage: String? {
    ((try? object())?["error"] as? [String: Any])?["message"] as? String
  }
}

/// The parts a router is built from, for tests that look at the router itself.
struct TestServices {
  let store: SQLiteStore
  let passwords: PasswordHasher
  let hub: QuoteStreamHub
  let router: @Sendable () -> Router<RavenRequestContext>

  static func make() async throws -> TestServices {
    let clock = ManualWallClock(TestServer.midSession)
    let market = SimulatedMarket(seed: 42, calendar: TestServer.calendar)
    let gateway = MarketGateway(
      upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: clock)
    let store = try SQLiteStore.temporary()
    let passwords = PasswordHasher(cost: 4, threadPool: .singleton)
    let hub = QuoteStreamHub(
      market: gateway, marketClock: clock, interval: .seconds(1), metrics: AppMetrics(),
      logger: Logger(label: "test"))
    let signIn = SignIn(
      identities: Identities(store: store, revocations: CredentialRevocations(), clock: clock),
      passwords: passwords, throttle: LoginThrottle(clock: clock))
    let accounts = AccountDirectory(
      store: store, market: gateway, calendar: TestServer.calendar, marketClock: clock,
      engine: OrderEngine(
        store: store, market: gateway, calendar: TestServer.calendar, clock: clock),
      brokerage: UnconfiguredBrokerage(), sealer: CredentialSealer(key: ServerSecret.randomKey()),
      changes: AccountChanges(hub: hub, reads: AccountReads(clock: clock)),
      securities: AlpacaTradingController.universe, logger: Logger(label: "test"))
    let desk = MarketDesk(
      gateway: gateway, charts: ChartBuilder(provider: market, calendar: TestServer.calendar),
      calendar: TestServer.calendar, marketClock: clock)
    return TestServices(
      store: store, passwords: passwords, hub: hub,
      router: {
        buildRouter(
          TestServer.configuration(), signIn: signIn, accounts: accounts, market: desk,
          records: store, metrics: AppMetrics(), logger: Logger(label: "test"))
      })
  }
}
