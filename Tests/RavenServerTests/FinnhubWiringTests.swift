import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenGateway
import RavenHTTP
import RavenLive
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Synchronization
import Testing

@testable import RavenServer

/// Finnhub's answers, in its documented shapes, without a network: the server's
/// routing is under test here (the HTTP contract is tested in RavenLiveTests).
final class CannedFinnhubTransport: HTTPTransport {
  private let asked = Mutex<[String]>([])

  /// The paths (with queries) asked for, in order.
  var paths: [String] { asked.withLock { $0 } }

  func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
    let path = String(url.dropFirst("https://finnhub.test/api/v1".count))
    asked.withLock { $0.append(path) }
    let body: String
    let status: Int
    switch path {
    case "/quote?symbol=AAPL":
      (status, body) = (
        200,
        #"{"c":261.74,"d":2.29,"dp":0.8826,"h":263.31,"l":260.68,"o":261.07,"pc":259.45,"t":1779296400}"#
      )
    case _ where path.hasPrefix("/quote?"):
      (status, body) = (200, #"{"c":0,"d":null,"dp":null,"h":0,"l":0,"o":0,"pc":0,"t":0}"#)
    case _ where path.hasPrefix("/stock/candle?"):
      (status, body) = (403, #"{"error":"You don't have access to this resource."}"#)
    default:
      (status, body) = (404, #"{"error":"not in this fake"}"#)
    }
    return HTTPAnswer(status: status, body: Array(body.utf8))
  }
}

@Suite("Finnhub wiring")
struct FinnhubWiringTests {
  static let key = "finnhub-secret-key"

  func makeApp(transport: CannedFinnhubTransport) async throws -> some ApplicationProtocol {
    let clock = ManualWallClock(TestServer.midSession)
    var dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(),
      provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: clock, calendar: TestServer.calendar)
    dependencies.useFinnhub(
      FinnhubConfiguration(apiKey: Self.key, baseURL: "https://finnhub.test/api/v1"),
      transport: transport)
    return try await buildApplication(TestServer.configuration(), dependencies: dependencies)
  }

  @Test("quotes come from Finnhub and charts from the simulated market")
  func routing() async throws {
    let transport = CannedFinnhubTransport()
    let app = try await makeApp(transport: transport)
    try await app.test(.router) { client in
      let quote = try await client.json(.get, "/api/v1/stocks/AAPL/quote")
      #expect(quote.status == .ok)
      #expect(try quote.object()["price"] as? String == "261.74")
      let chart = try await client.json(.get, "/api/v1/stocks/AAPL/candles?range=1M")
      #expect(chart.status == .ok)
      let unknown = try await client.json(.get, "/api/v1/stocks/ZZZZ/quote")
      #expect(unknown.status == .notFound)
      #expect(unknown.errorCode == "unknown_symbol")
    }
    #expect(transport.paths.contains("/quote?symbol=AAPL"))
    #expect(!transport.paths.contains { $0.hasPrefix("/stock/candle") })
  }

  @Test("the providers report names both sources, what each serves, and never the key")
  func providers() async throws {
    let app = try await makeApp(transport: CannedFinnhubTransport())
    try await app.test(.router) { client in
      let response = try await client.json(.get, "/api/v1/market/providers")
      #expect(response.status == .ok)
      #expect(!response.text.contains(Self.key))
      let providers = try #require(try response.object()["providers"] as? [[String: Any]])
      #expect(providers.map { $0["id"] as? String } == ["finnhub", "simulated"])
      let finnhub = providers[0]["capabilities"] as? [String] ?? []
      let simulated = providers[1]["capabilities"] as? [String] ?? []
      #expect(finnhub.contains("quote") && !finnhub.contains("bars"))
      #expect(simulated.contains("bars") && !simulated.contains("quote"))
      // Finnhub's free plan (RateBudget.finnhubFree): at most 30 at once.
      let budget = try #require((providers[0]["budget"] as? [[String: Any]])?.first)
      let capacity = try #require(budget["capacity"] as? Int)
      let refill = try #require(budget["refillPerSecond"] as? Double)
      #expect(capacity == 30)
      #expect(refill > 0 && refill < 1)
    }
  }

  @Test("without a Finnhub key the server uses the simulated market alone")
  func withoutKey() throws {
    let dependencies = try Self.liveDependencies(finnhubKey: nil)
    #expect(dependencies.sources.map(\.policy.id) == ["simulated"])
    #expect(dependencies.provider is SimulatedMarket)
    // No background service of a live provider: no trade feed, no HTTP client to shut down.
    #expect(dependencies.tradeFeed == nil)
    #expect(dependencies.services.isEmpty)
    // Orders match the simulated market's own bars.
    #expect(!dependencies.marketIsLive)
  }

  @Test("with Finnhub's key orders match live prices only: Finnhub serves no bars")
  func liveMatching() throws {
    let dependencies = try Self.liveDependencies(finnhubKey: Self.key)
    #expect(dependencies.marketIsLive && !dependencies.liveBars)
    #expect(dependencies.tradeFeed != nil)
  }

  @Test("with live data the market's time is real time, whatever the simulated clock was asked")
  func liveMarketClock() throws {
    let start = Date(timeIntervalSince1970: 1_600_000_000)
    let live = try Self.liveDependencies(finnhubKey: Self.key, simulationStart: start)
    #expect(abs(live.marketClock.now.timeIntervalSinceNow) < 60)
    // Settled at start as real time: the stored clock is replaced, fills after now refused.
    var configuration = TestServer.configuration()
    configuration.simulationStart = start
    configuration.simulationSpeed = 60
    configuration.simulationReset = true
    let wallNow = Date()
    #expect(
      live.marketClockRequest(configuration, wallNow: wallNow)
        == MarketClockRequest(start: wallNow, speed: 1, reset: true))
    let simulated = try Self.liveDependencies(finnhubKey: nil, simulationStart: start)
    #expect(abs(simulated.marketClock.now.timeIntervalSince(start)) < 60)
    #expect(
      simulated.marketClockRequest(configuration, wallNow: wallNow)
        == configuration.marketClockRequest)
  }

  /// What `raven serve` would run on, with Finnhub's key or without, on a throwaway
  /// data directory.
  static func liveDependencies(finnhubKey: String?, simulationStart: Date? = nil) throws
    -> ServerDependencies
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = TestServer.configuration()
    configuration.dataDirectory = directory.path
    configuration.finnhubAPIKey = finnhubKey
    configuration.simulationStart = simulationStart
    return try ServerDependencies.live(configuration, logger: .init(label: "test"))
  }
}
