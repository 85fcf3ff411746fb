import Crypto
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

/// Simulated stories link to their own page on the server, `/news/{id}`, which shows them
/// from their id alone.
@Suite("Simulated story pages")
struct NewsPageRouteTests {
  /// The first (newest) AAPL story the news route answers with.
  private func firstStory(_ client: some TestClientProtocol, headers: HTTPFields = [:])
    async throws -> [String: Any]
  {
    let body = try await client.json(.get, "/api/v1/stocks/AAPL/news", headers: headers).object()
    return try #require((body["articles"] as? [[String: Any]])?.first)
  }

  @Test("The news route links simulated stories to http://<Host>/news/<id> by default")
  func defaultLinks() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let body = try await client.json(.get, "/api/v1/stocks/AAPL/news").object()
      let articles = try #require(body["articles"] as? [[String: Any]])
      #expect(!articles.isEmpty)
      for article in articles {
        let id = try #require(article["id"] as? String)
        #expect(id.hasPrefix("sim-AAPL-"))
        #expect(article["url"] as? String == "http://localhost/news/\(id)")
      }
    }
  }

  @Test("With --public-url, links start with it, in Raven's API and in Alpaca's news")
  func publicURLLinks() async throws {
    var configuration = TestServer.configuration()
    configuration.publicURL = "https://raven.example.com"
    let app = try await TestServer.make(configuration: configuration)
    try await app.test(.router) { client in
      let story = try await firstStory(client)
      let id = try #require(story["id"] as? String)
      #expect(story["url"] as? String == "https://raven.example.com/news/\(id)")
      let page = try await client.json(.get, "/news/\(id)")
      #expect(page.text.contains(#"content="https://raven.example.com/news/\#(id)""#))

      let key = try await client.createKey(try await client.signUp())
      let alpaca = try await client.json(
        .get, "/v1beta1/news?symbols=AAPL", headers: key.headers)
      let news = try #require(try alpaca.object()["news"] as? [[String: Any]])
      #expect(!news.isEmpty)
      #expect(
        news.allSatisfy {
          ($0["url"] as? String)?.hasPrefix("https://raven.example.com/news/sim-AAPL-") == true
        })
    }
  }

  @Test("Behind a trusted TLS proxy, links take the forwarded host and https; from others, not")
  func forwardedLinks() async throws {
    var configuration = TestServer.configuration()
    configuration.trustedProxies = [AddressRange("127.0.0.1")!]
    let app = try await TestServer.make(configuration: configuration)
    try await app.test(.live) { client in
      let forwarded: HTTPFields = [.xForwardedProto: "https", .xForwardedHost: "raven.example.com"]
      let story = try await firstStory(client, headers: forwarded)
      let id = try #require(story["id"] as? String)
      #expect(story["url"] as? String == "https://raven.example.com/news/\(id)")
    }
    let direct = try await TestServer.make()
    try await direct.test(.live) { client in
      let forwarded: HTTPFields = [.xForwardedProto: "https", .xForwardedHost: "evil.example"]
      let story = try await firstStory(client, headers: forwarded)
      #expect((story["url"] as? String)?.hasPrefix("http://localhost") == true)
    }
  }

  @Test("A story's page: headline, simulated source, New York time, summary, stock link, OG tags")
  func storyPage() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let story = try await firstStory(client)
      let id = try #require(story["id"] as? String)
      let headline = try #require(story["headline"] as? String)
      let page = try await client.json(.get, "/news/\(id)")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      let html = page.text
      #expect(html.contains("<h1>\(HTML.escape(headline))</h1>"))
      #expect(html.contains(#"<meta name="viewport""#))
      #expect(html.contains("Raven Simulated Wire<span class=\"mark\">Simulated</span>"))
      #expect(html.contains("\u{00A0}ET</time>"))
      #expect(html.contains(HTML.escape(try #require(story["summary"] as? String))))
      #expect(html.contains(#"<a href="/#/stock/AAPL">More about AAPL</a>"#))
      #expect(html.contains(#"<meta property="og:title" content="\#(HTML.escape(headline))">"#))
      #expect(html.contains(#"<meta property="og:url" content="http://localhost/news/\#(id)">"#))
      #expect(html.contains(#"<meta property="og:type" content="article">"#))
      #expect(html.contains(#"<meta property="og:description""#))
      // The one inline stylesheet is allowed by its hash, nothing inline otherwise.
      let policy = try #require(page.headers[.contentSecurityPolicy])
      #expect(!policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
      let style = try #require(
        html.components(separatedBy: "<style>").last?.components(separatedBy: "</style>").first)
      let digest = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
      #expect(policy.contains("style-src 'sha256-\(digest)'"))
      // The web app keeps its own policy.
      let webApp = try await client.json(.get, "/")
      #expect(
        webApp.headers[.contentSecurityPolicy]
          == SecurityHeadersMiddleware<RavenRequestContext>.contentSecurityPolicy)
    }
  }

  @Test(
    "Unknown, malformed and foreign ids are a 404 page, never a 500",
    arguments: [
      "sim-NOPE-20261120-1", "sim-AAPL-20261120-9", "sim-AAPL-2026112-1", "sim-aapl-20261120-1",
      "sim-AAPL-20261120-01", "sim-AAPL-20260230-1", "sim-AAPL-18000101-1", "sim-AAPL-99991231-1",
      "sim-AAPL-20261121-1", "12345", "sim-", "%3Cscript%3E", "sim-AAPL-20261120-1-1",
    ])
  func notFound(id: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let page = try await client.json(.get, "/news/\(id)")
      #expect(page.status == .notFound, "\(id)")
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text.contains("<h1>No such story</h1>") && page.text.contains(#"href="/""#))
    }
  }

  @Test("A story not out yet is not found; once the market's clock passes it, it is")
  func futureStory() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    // The day's stories as they stand that evening: those after the close are not out at 13:00.
    let evening = TestServer.midSession.addingTimeInterval(8 * 3600)
    let market = SimulatedMarket(
      seed: 42, calendar: TestServer.calendar)
    let stories = try market.news(
      for: "AAPL", from: TestServer.midSession.addingTimeInterval(-86_400), to: evening,
      asOf: evening)
    let later = try #require(stories.last { $0.publishedAt > TestServer.midSession })
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      #expect(try await client.json(.get, "/news/\(later.id)").status == .notFound)
      clock.set(later.publishedAt)
      let page = try await client.json(.get, "/news/\(later.id)")
      #expect(page.status == .ok)
      #expect(page.text.contains("<h1>\(HTML.escape(later.headline))</h1>"))
    }
  }

  @Test("Text is escaped; live links are kept; a failing provider is a 503 page")
  func escapingAndFailures() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let fake = FakeMarketDataProvider()
    func article(_ id: String, _ headline: String, url: String?, hoursAgo: Double) -> NewsArticle {
      NewsArticle(
        id: id, symbol: "AAPL", headline: headline, summary: "Up <5%> & \"more\"",
        source: "Raven Simulated Wire", url: url, imageURL: nil,
        publishedAt: TestServer.midSession.addingTimeInterval(-hoursAgo * 3600),
        category: "company")
    }
    fake.setNews(
      [
        article("sim-AAPL-20261120-1", "Apple <b>soars</b> & 'more'", url: nil, hoursAgo: 3),
        article("live-1", "A real story", url: "https://news.example/1", hoursAgo: 4),
        article("live-2", "No link", url: nil, hoursAgo: 5),
      ], for: "AAPL")
    let dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(), provider: fake, clock: clock,
      calendar: TestServer.calendar)
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let body = try await client.json(.get, "/api/v1/stocks/AAPL/news").object()
      let urls = try #require(body["articles"] as? [[String: Any]]).map { $0["url"] as? String }
      #expect(
        urls == ["http://localhost/news/sim-AAPL-20261120-1", "https://news.example/1", nil])
      let page = try await client.json(.get, "/news/sim-AAPL-20261120-1")
      #expect(page.status == .ok)
      #expect(page.text.contains("<h1>Apple &lt;b&gt;soars&lt;/b&gt; &amp; &#39;more&#39;</h1>"))
      #expect(page.text.contains("<p>Up &lt;5%&gt; &amp; &quot;more&quot;</p>"))
      #expect(!page.text.contains("<b>soars"))
      fake.fail()
      // A symbol whose news were never fetched: no cached answer to serve from.
      let down = try await client.json(.get, "/news/sim-MSFT-20261120-1")
      #expect(down.status == .serviceUnavailable)
      #expect(down.headers[.contentType] == "text/html; charset=utf-8")
    }
  }

  @Test("With live news, sim- ids are simply not found, and the provider is not asked")
  func liveNews() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let fake = FakeMarketDataProvider(
      attribution: DataAttribution(name: "Live", url: "https://live.example", isSimulated: false))
    let dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(), provider: fake, clock: clock,
      calendar: TestServer.calendar)
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let page = try await client.json(.get, "/news/sim-AAPL-20261120-1")
      #expect(page.status == .notFound)
      #expect(fake.unexpectedCalls.isEmpty)
    }
  }
}
