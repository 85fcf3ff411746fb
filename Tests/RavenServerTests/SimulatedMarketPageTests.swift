import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenLive
import Testing

@testable import RavenServer

/// The simulated market's attribution links to Raven's own page about it.
@Suite("The simulated market's page and attribution")
struct SimulatedMarketPageTests {
  /// Every attribution of the providers report: each provider's and each kind's source.
  private func attributions(_ client: some TestClientProtocol) async throws -> [[String: Any]] {
    let report = try await client.json(.get, "/api/v1/market/providers").object()
    let providers = try #require(report["providers"] as? [[String: Any]])
    let sources = try #require(report["sources"] as? [String: [String: Any]])
    return providers.compactMap { $0["attribution"] as? [String: Any] } + Array(sources.values)
  }

  @Test("The simulated attribution's url is http://<Host>/simulated-market, or the public URL's")
  func attributionURL() async throws {
    let local = try await TestServer.make()
    try await local.test(.router) { client in
      let all = try await attributions(client)
      #expect(all.count > 1)
      #expect(all.allSatisfy { $0["url"] as? String == "http://localhost/simulated-market" })
    }
    var configuration = TestServer.configuration()
    configuration.publicURL = "https://raven.example.com"
    let configured = try await TestServer.make(configuration: configuration)
    try await configured.test(.router) { client in
      let all = try await attributions(client)
      #expect(
        all.allSatisfy { $0["url"] as? String == "https://raven.example.com/simulated-market" })
    }
  }

  @Test("Live providers' attributions link to their own sites")
  func liveAttributions() {
    #expect(FinnhubProvider.attribution.url == "https://finnhub.io")
    #expect(AlpacaMarketData.attribution.url == "https://alpaca.markets")
    #expect(AlphaVantageProvider.attribution.url == "https://www.alphavantage.co")
    let live = FinnhubProvider.attribution.linked(from: "https://raven.example.com")
    #expect(live == FinnhubProvider.attribution)
  }

  @Test("The page says what the simulated market is and how to set up live data")
  func page() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let page = try await client.json(.get, "/simulated-market")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      let html = page.text
      #expect(html.contains("<h1>Raven's simulated market"))
      for phrase in [
        "deterministic", "NYSE calendar", "None of it is investment data", "FINNHUB_API_KEY",
        "ALPACA_API_KEY_ID", "ALPHAVANTAGE_API_KEY",
        "On this server, all market data is simulated.",
        #"<meta property="og:url" content="http://localhost/simulated-market">"#,
        #"<meta name="viewport""#, "prefers-color-scheme:dark", "max-width:640px",
      ] {
        #expect(html.contains(phrase), "\(phrase)")
      }
      let policy = try #require(page.headers[.contentSecurityPolicy])
      #expect(policy.contains("style-src 'sha256-") && !policy.contains("unsafe-inline"))
    }
  }
}
