import AsyncHTTPClient
import Foundation
import RavenCore
import RavenGateway
import Testing

@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// AlpacaMarketData against a local fake of Alpaca's documented market data API.
@Suite("Alpaca market data contract")
struct AlpacaMarketDataContractTests {
  let server = FakeAlpacaDataServer()
  /// Saturday 2024-01-06 12:00 UTC.
  static let weekend = Date(timeIntervalSince1970: 1_704_542_400)

  /// Runs `body` with a provider pointed at a running fake.
  func withProvider(
    keyID: String = FakeAlpacaDataServer.keyID,
    secretKey: String = FakeAlpacaDataServer.secretKey, feed: String = "iex",
    timeout: Duration = FakeUpstream.answerTimeout,
    _ body: @Sendable (AlpacaMarketData) async throws -> Void
  ) async throws {
    try await server.run { baseURL in
      let provider = AlpacaMarketData(
        configuration: AlpacaDataConfiguration(
          keyID: keyID, secretKey: secretKey, baseURL: baseURL, feed: feed, timeout: timeout),
        transport: AsyncHTTPTransport(client: .shared))
      try await body(provider)
    }
  }

  @Test("a quote from a snapshot: exact prices, and the keys go in headers, never in the URL")
  func quote() async throws {
    try await withProvider { provider in
      let quote = try await provider.quote(for: "AAPL", at: Date())
      #expect(quote.price.description == "181.18")
      #expect(quote.previousClose.description == "181.91")
      #expect(quote.change.description == "-0.73")
      #expect(quote.open.description == "181.99")
      #expect(quote.high.description == "182.76")
      #expect(quote.low.description == "180.17")
      #expect(abs(quote.time.timeIntervalSince1970 - 1_704_488_399.912_345_678) < 0.001)
    }
    #expect(server.requests.map(\.uri) == ["/v2/stocks/snapshots?feed=iex&symbols=AAPL"])
    #expect(server.requests.allSatisfy { $0.keyID == FakeAlpacaDataServer.keyID })
    #expect(server.requests.allSatisfy { $0.secretKey == FakeAlpacaDataServer.secretKey })
  }

  @Test("before a new day's bar, the last daily bar's close is the previous close")
  func quoteBeforeTheOpen() async throws {
    try await withProvider { provider in
      let quote = try await provider.quote(for: "MSFT", at: Date())
      #expect(quote.price.description == "368.50")
      #expect(quote.previousClose.description == "367.94")
      #expect(quote.change.description == "0.56")
      #expect(quote.open == quote.price && quote.high == quote.price && quote.low == quote.price)
    }
  }

  @Test("a batch of quotes is one call; symbols missing from the answer are left out")
  func batchQuotes() async throws {
    try await withProvider { provider in
      let quotes = try await provider.quotes(
        for: ["MSFT", "NOPE", "AAPL", "EMPTY", "MSFT"], at: Date())
      #expect(Set(quotes.keys) == ["AAPL", "MSFT"])
      #expect(quotes["AAPL"]?.price.description == "181.18")
    }
    #expect(
      server.requests.map(\.uri) == [
        "/v2/stocks/snapshots?feed=iex&symbols=AAPL%2CEMPTY%2CMSFT%2CNOPE"
      ])
  }

  @Test("unknown and invalid symbols: 'unknown symbol' alone, 'invalid request' in a batch")
  func unknownSymbols() async throws {
    try await withProvider { provider in
      await #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
        try await provider.quote(for: "NOPE", at: Date())
      }
      await #expect(throws: MarketDataError.unknownSymbol("BAD")) {
        try await provider.quote(for: "BAD", at: Date())
      }
      await #expect(throws: MarketDataError.noData("EMPTY")) {
        try await provider.quote(for: "EMPTY", at: Date())
      }
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quotes(for: ["AAPL", "BAD"], at: Date())
      }
      #expect(error?.code == "invalid_request")
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.bars(
          for: "ZZZZ", resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
          to: Self.weekend, asOf: Date(), adjustment: .raw)
      }
    }
  }

  @Test("bars follow next_page_token to the last page; out-of-session bars are left out")
  func pagination() async throws {
    try await withProvider { provider in
      // 2024-01-03 00:00 to 2024-01-04 00:00 in New York.
      let bars = try await provider.bars(
        for: "AAPL", resolution: .hour, from: Date(timeIntervalSince1970: 1_704_258_000),
        to: Date(timeIntervalSince1970: 1_704_344_400), asOf: Date(), adjustment: .raw)
      // 09:00 (holding the 09:30 open), 10:00 and 15:00 in New York.
      #expect(
        bars.map(\.time.timeIntervalSince1970) == [1_704_290_400, 1_704_294_000, 1_704_312_000])
      #expect(bars.map(\.close.description) == ["185.10", "184.95", "184.25"])
      #expect(bars[0].open.description == "184.22")
      #expect(bars[0].volume == 800_000)
    }
    let uris = server.requests.map(\.uri)
    #expect(uris.count == 3)
    #expect(
      uris.first
        == "/v2/stocks/AAPL/bars?adjustment=raw&end=2024-01-04T05%3A00%3A00Z&feed=iex"
        + "&limit=10000&start=2024-01-03T05%3A00%3A00Z&timeframe=1Hour")
    #expect(
      uris[1].hasSuffix(
        "&page_token=QUFQTHxNfDIwMjQtMDEtMDNUMTU%3D&start=2024-01-03T05%3A00%3A00Z&timeframe=1Hour")
    )
    #expect(uris[2].contains("&page_token=page-3&"))
  }

  @Test("daily bars at New York midnight; weekly bars at their first session, as Raven stamps them")
  func dailyAndWeeklyBars() async throws {
    try await withProvider { provider in
      let days = try await provider.bars(
        for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_704_258_000),
        to: Date(timeIntervalSince1970: 1_704_430_800), asOf: Date(), adjustment: .raw)
      #expect(days.map(\.time.timeIntervalSince1970) == [1_704_258_000, 1_704_344_400])
      #expect(days.map(\.close.description) == ["184.25", "181.91"])
      // Alpaca dates 2024's first week by Monday the 1st, a holiday; Raven by Tuesday.
      let firstWeek = try await provider.bars(
        for: "AAPL", resolution: .week, from: Date(timeIntervalSince1970: 1_704_171_600),
        to: Self.weekend, asOf: Date(), adjustment: .raw)
      #expect(firstWeek.map(\.time.timeIntervalSince1970) == [1_704_171_600])
      let weeks = try await provider.bars(
        for: "AAPL", resolution: .week, from: Date(timeIntervalSince1970: 1_702_875_600),
        to: Self.weekend, asOf: Date(), adjustment: .raw)
      #expect(
        weeks.map(\.time.timeIntervalSince1970) == [1_702_875_600, 1_703_566_800, 1_704_171_600])
      #expect(weeks[0].low.description == "191.725")
    }
  }

  @Test("\"bars\": null is no bars; endless pages are refused after the page cap")
  func emptyAndEndlessBars() async throws {
    try await withProvider { provider in
      let none = try await provider.bars(
        for: "EMPTY", resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
        to: Self.weekend, asOf: Date(), adjustment: .raw)
      #expect(none.isEmpty)
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.bars(
          for: "LOOP", resolution: .minute, from: Date(timeIntervalSince1970: 1_704_171_600),
          to: Self.weekend, asOf: Date(), adjustment: .raw)
      }
      #expect(error?.code == "invalid_request")
    }
    #expect(server.requests.count == 1 + AlpacaMarketData.maximumBarPages)
  }

  @Test("HTTP 429 {\"code\",\"message\"} is 'rate limited', a transient failure")
  func rateLimited() async throws {
    try await withProvider { provider in
      let error = await #expect(throws: MarketDataError.rateLimited) {
        try await provider.quote(for: "RATE", at: Date())
      }
      #expect(error?.isTransient == true)
      await #expect(throws: MarketDataError.rateLimited) {
        try await provider.bars(
          for: "RATE", resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
          to: Self.weekend, asOf: Date(), adjustment: .raw)
      }
    }
  }

  @Test("HTTP 5xx, malformed JSON and refused keys are transient 'unavailable', keys unshown")
  func unavailable() async throws {
    try await withProvider { provider in
      for symbol: Symbol in ["DOWN", "BROKEN"] {
        let error = await #expect(throws: MarketDataError.self) {
          try await provider.bars(
            for: symbol, resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
            to: Self.weekend, asOf: Date(), adjustment: .raw)
        }
        #expect(error?.code == "market_data_unavailable")
        #expect(error?.isTransient == true)
      }
    }
    try await withProvider(keyID: "wrong-id-7", secretKey: "wrong-secret-7") { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "AAPL", at: Date())
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.isTransient == true)
      #expect(
        error.map { !"\($0)".contains("wrong-id-7") && !"\($0)".contains("wrong-secret-7") } == true
      )
    }
  }

  @Test("a feed the subscription does not include (403) is 'unsupported'")
  func feedNotPermitted() async throws {
    try await withProvider(feed: "sip") { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "AAPL", at: Date())
      }
      #expect(error?.code == "unsupported")
      #expect(error?.isTransient == false)
    }
  }

  @Test("an answer that does not come in time is a transient 'unavailable'")
  func timeout() async throws {
    try await withProvider(timeout: .milliseconds(300)) { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.bars(
          for: "SLOW", resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
          to: Self.weekend, asOf: Date(), adjustment: .raw)
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.isTransient == true)
    }
  }

  @Test("news in the window, newest first, with the largest image and no empty links")
  func news() async throws {
    try await withProvider { provider in
      let articles = try await provider.news(
        for: "AAPL", from: Date(timeIntervalSince1970: 1_704_085_200),
        to: Date(timeIntervalSince1970: 1_704_488_400), asOf: Date())
      #expect(articles.map(\.headline) == ["Apple opens a store", "Apple électrique"])
      #expect(articles[0].id == "alpaca-36628911")
      #expect(articles[0].url == "https://example.com/a")
      #expect(articles[0].imageURL == nil)
      #expect(articles[0].source == "benzinga")
      #expect(articles[0].publishedAt == Date(timeIntervalSince1970: 1_704_466_800))
      #expect(articles[1].imageURL == "https://example.com/l.jpg")
      #expect(articles[1].url == nil)
    }
    #expect(
      server.requests.map(\.uri) == [
        "/v1beta1/news?end=2024-01-05T21%3A00%3A00Z&limit=50&sort=desc"
          + "&start=2024-01-01T05%3A00%3A00Z&symbols=AAPL"
      ])
  }

  @Test("the configuration's description hides both keys")
  func redactedKeys() {
    let configuration = AlpacaDataConfiguration(
      keyID: "id-123", secretKey: "secret-456", baseURL: "http://x/")
    #expect(configuration.baseURL == "http://x")
    #expect(configuration.feed == "iex")
    #expect(!"\(configuration)".contains("id-123"))
    #expect(!"\(configuration)".contains("secret-456"))
  }

  @Test("kinds Alpaca does not serve are 'unsupported'; the policy fits the free plan")
  func unsupportedKindsAndPolicy() async throws {
    let provider = AlpacaMarketData(
      configuration: AlpacaDataConfiguration(keyID: "k", secretKey: "s"),
      transport: URLQuotingTransport())
    await #expect(throws: MarketDataError.unsupported("symbol search")) {
      try await provider.search("apple", limit: 5)
    }
    await #expect(throws: MarketDataError.unsupported("company profiles")) {
      try await provider.profile(for: "AAPL", at: Date())
    }
    await #expect(throws: MarketDataError.unsupported("earnings")) {
      try await provider.earnings(for: "AAPL", asOf: Date())
    }
    let policy = UpstreamPolicy.alpaca(capabilities: AlpacaMarketData.freeCapabilities)
    #expect(policy.id == "alpaca")
    #expect(policy.budget == .alpacaFree)
    #expect(policy.capabilities == [.quote, .bars, .news, .corporateActions])
    #expect(policy.batchQuoteCost == .perCall)
  }
}
