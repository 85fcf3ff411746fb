import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// The server wired with all three live providers exactly as `raven serve` wires them
/// from its configuration, against local fakes of Finnhub, Alpaca and Alpha Vantage.
@Suite("Live providers behind the server")
struct LiveProvidersServerTests {
  static let screens = [
    "/api/v1/stocks/KO/quote", "/api/v1/quotes?symbols=KO", "/api/v1/stocks/KO/profile",
    "/api/v1/stocks/KO/news", "/api/v1/stocks/KO/peers", "/api/v1/stocks/KO/recommendations",
    "/api/v1/stocks/KO/earnings", "/api/v1/stocks/KO/sentiment",
    "/api/v1/stocks/KO/chart?range=1D", "/api/v1/stocks/KO/chart?range=1M",
    "/api/v1/stocks/KO/candles", "/api/v1/search?q=coca", "/api/v1/market/status",
    "/api/v1/market/providers",
  ]
  static let signedInScreens = [
    "/api/v1/portfolio", "/api/v1/portfolio/history?range=1D", "/api/v1/watchlist",
    "/api/v1/trades",
  ]

  func makeServer(upstreams base: String, clock: ManualWallClock, logs: LogCapture) async throws
    -> some ApplicationProtocol
  {
    var configuration = TestServer.configuration()
    configuration.finnhubAPIKey = FakeLiveUpstreams.finnhubKey
    configuration.finnhubBaseURL = base + "/finnhub"
    // Nothing listens there: the trade stream fails and retries, and must not log its key.
    configuration.finnhubStreamURL = "ws://127.0.0.1:1/"
    configuration.alpacaKeyID = FakeLiveUpstreams.alpacaKeyID
    configuration.alpacaSecretKey = FakeLiveUpstreams.alpacaSecret
    configuration.alpacaDataBaseURL = base + "/alpaca"
    configuration.alphaVantageAPIKey = FakeLiveUpstreams.alphaVantageKey
    configuration.alphaVantageBaseURL = base + "/av"
    var dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(),
      provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: clock, calendar: TestServer.calendar)
    dependencies.addLiveProviders(configuration, logger: logs.logger)
    return try await buildApplication(
      configuration, dependencies: dependencies, logger: logs.logger)
  }

  @Test(
    "every screen's data is served while the providers are down, stale and labelled; fresh when they return",
    .timeLimit(.minutes(1)))
  func outageAndRecovery() async throws {
    let upstreams = FakeLiveUpstreams()
    let clock = ManualWallClock(TestServer.midSession)
    try await upstreams.run { base in
      let app = try await makeServer(upstreams: base, clock: clock, logs: LogCapture())
      try await app.test(.live) { client in
        let browser = try await client.signUp()
        #expect(
          try await client.json(
            .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"2"}"#,
            headers: browser.headers()
          ).status == .created)
        #expect(
          try await client.json(.put, "/api/v1/watchlist/KO", headers: browser.headers())
            .status.code < 300)
        // A minute on, so that the day's portfolio history holds the trade and asks for bars.
        clock.advance(by: 60)
        let quote = try await client.json(.get, "/api/v1/stocks/KO/quote")
        #expect(quote.headers[.init("X-Raven-Data-Source")!] == "Finnhub")
        #expect(try quote.object()["price"] as? String == "61.25")
        let chart = try await client.json(.get, "/api/v1/stocks/KO/chart?range=1D")
        #expect(chart.headers[.init("X-Raven-Data-Source")!] == "Alpaca")
        #expect(try chart.object()["source"] as? String == "Alpaca")
        for path in Self.screens + Self.signedInScreens {
          let response = try await client.json(.get, path, headers: browser.headers(csrf: false))
          #expect(response.status == .ok, "\(path) before the outage: \(response.text)")
        }

        upstreams.takeDown()
        // Past every lifetime of the moving answers (quotes, bars, news), so each is
        // asked for again, from providers that now fail.
        clock.advance(by: 400)
        for path in Self.screens + Self.signedInScreens {
          let response = try await client.json(.get, path, headers: browser.headers(csrf: false))
          #expect(response.status == .ok, "\(path) during the outage: \(response.text)")
        }
        for path in [
          "/api/v1/stocks/KO/quote", "/api/v1/stocks/KO/chart?range=1D", "/api/v1/portfolio",
        ] {
          let response = try await client.json(.get, path, headers: browser.headers(csrf: false))
          #expect(response.headers[.init("X-Raven-Data-Stale")!] == "true", "\(path)")
          let age = response.headers[.init("X-Raven-Data-Age")!].flatMap(Int.init) ?? 0
          #expect(age >= 400, "\(path) is labelled with its age")
        }
        let never = try await client.json(.get, "/api/v1/stocks/PEP/quote")
        #expect(never.status == .serviceUnavailable)

        upstreams.bringUp()
        clock.advance(by: 60)  // past the circuits' cool-down
        let back = try await client.json(.get, "/api/v1/stocks/KO/quote")
        #expect(back.status == .ok)
        #expect(back.headers[.init("X-Raven-Data-Stale")!] == nil)
        #expect(back.headers[.init("X-Raven-Data-Source")!] == "Finnhub")
      }
    }
  }

  @Test(
    "no response, page or log line holds a key; keys travel in headers where the API allows",
    .timeLimit(.minutes(1)))
  func keysNeverShow() async throws {
    let upstreams = FakeLiveUpstreams()
    let clock = ManualWallClock(TestServer.midSession)
    let logs = LogCapture()
    try await upstreams.run { base in
      let app = try await makeServer(upstreams: base, clock: clock, logs: logs)
      try await app.test(.live) { client in
        let browser = try await client.signUp()
        var seen: [String] = []
        func visit(_ paths: [String]) async throws {
          for path in paths {
            let response = try await client.json(.get, path, headers: browser.headers(csrf: false))
            let headers = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
            seen.append(path + "\n" + headers + "\n" + response.text)
          }
        }
        try await visit(
          ["/", "/openapi.yaml", "/api/v1/healthz"] + Self.screens + Self.signedInScreens)
        upstreams.takeDown()
        clock.advance(by: 400)
        try await visit(Self.screens + ["/api/v1/stocks/PEP/quote", "/api/v1/search?q=pepsi"])
        // Give the trade stream time to fail and log at least once.
        try await Task.sleep(for: .milliseconds(300))
        for key in FakeLiveUpstreams.keys {
          #expect(!seen.contains { $0.contains(key) }, "a response holds \(key)")
          let leaks = logs.all.filter { $0.contains(key) }
          #expect(leaks.isEmpty, "log lines hold \(key): \(leaks.prefix(3))")
        }
        #expect(logs.all.contains { $0.contains("Trade stream disconnected") })
      }
    }
    let finnhub = upstreams.requests.filter { $0.uri.hasPrefix("/finnhub") }
    let alpaca = upstreams.requests.filter { $0.uri.hasPrefix("/alpaca") }
    let alphaVantage = upstreams.requests.filter { $0.uri.hasPrefix("/av") }
    #expect(!finnhub.isEmpty && !alpaca.isEmpty)
    #expect(finnhub.allSatisfy { $0.headers["x-finnhub-token"] == FakeLiveUpstreams.finnhubKey })
    #expect(
      alpaca.allSatisfy { $0.headers["apca-api-secret-key"] == FakeLiveUpstreams.alpacaSecret })
    for request in finnhub + alpaca {
      #expect(!FakeLiveUpstreams.keys.contains { request.uri.contains($0) })
    }
    // Alpha Vantage takes its key only in the query.
    #expect(alphaVantage.allSatisfy { $0.uri.contains(FakeLiveUpstreams.alphaVantageKey) })
  }
}
