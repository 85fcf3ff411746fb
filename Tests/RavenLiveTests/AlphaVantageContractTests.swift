import AsyncHTTPClient
import Foundation
import HTTPTypes
import RavenCore
import RavenGateway
import Testing

@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// AlphaVantageProvider against a local fake of Alpha Vantage's documented HTTP contract.
@Suite("Alpha Vantage contract")
struct AlphaVantageContractTests {
  let server = FakeAlphaVantageServer()
  /// Saturday 2024-01-06 12:00 UTC: the first week of 2024 has closed.
  static let weekend = Date(timeIntervalSince1970: 1_704_542_400)

  /// Runs `body` with a provider pointed at a running fake, on `key`, at `now`.
  func withProvider(
    key: String = FakeAlphaVantageServer.key, timeout: Duration = FakeUpstream.answerTimeout,
    now: Date = AlphaVantageContractTests.weekend,
    _ body: @Sendable (AlphaVantageProvider) async throws -> Void
  ) async throws {
    try await server.run { baseURL in
      let provider = AlphaVantageProvider(
        configuration: AlphaVantageConfiguration(apiKey: key, baseURL: baseURL, timeout: timeout),
        transport: AsyncHTTPTransport(client: .shared), clock: FixedWallClock(now))
      try await body(provider)
    }
  }

  @Test("a quote has exact prices, is dated by its session's close, and the key goes in the query")
  func quote() async throws {
    try await withProvider { provider in
      let quote = try await provider.quote(for: "AAPL", at: provider.clock.now)
      #expect(quote.price.description == "187.9500")
      #expect(quote.previousClose.description == "184.2500")
      #expect(quote.change.description == "3.7000")
      #expect(quote.changePercent.description == "2.01")
      #expect(quote.open.description == "187.1500")
      #expect(quote.high.description == "188.4400")
      #expect(quote.low.description == "183.8850")
      // 2024-01-05 16:00 in New York.
      #expect(quote.time == Date(timeIntervalSince1970: 1_704_488_400))
    }
    #expect(
      server.requests == ["/query?apikey=av-test-key&function=GLOBAL_QUOTE&symbol=AAPL"])
  }

  @Test("while the session is open, a quote is dated now")
  func quoteDuringSession() async throws {
    // 2024-01-05 10:00 in New York.
    let now = Date(timeIntervalSince1970: 1_704_466_800)
    try await withProvider(now: now) { provider in
      let quote = try await provider.quote(for: "AAPL", at: provider.clock.now)
      #expect(quote.time == now)
    }
  }

  @Test("an unknown symbol's empty quote and invalid call are 'unknown symbol', not $0")
  func unknownSymbol() async throws {
    try await withProvider { provider in
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.quote(for: "ZZZZ", at: provider.clock.now)
      }
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.bars(
          for: "ZZZZ", resolution: .day, from: Date(timeIntervalSince1970: 1_704_171_600),
          to: Self.weekend, asOf: provider.clock.now, adjustment: .raw)
      }
    }
  }

  @Test("a batch of quotes: one call per symbol, one after the other, unknown symbols left out")
  func batchQuotes() async throws {
    try await withProvider { provider in
      let quotes = try await provider.quotes(
        for: ["MSFT", "ZZZZ", "AAPL", "MSFT"], at: provider.clock.now)
      #expect(Set(quotes.keys) == ["AAPL", "MSFT"])
      #expect(quotes["MSFT"]?.price.description == "367.7500")
      #expect(quotes["MSFT"]?.change.description == "-0.2500")
    }
    #expect(
      server.requests.map { $0.components(separatedBy: "symbol=").last } == [
        "AAPL", "MSFT", "ZZZZ",
      ])
  }

  @Test("a batch with a refused symbol fails, so the gateway serves its last good values")
  func batchWithFailure() async throws {
    try await withProvider { provider in
      await #expect(throws: MarketDataError.rateLimited) {
        try await provider.quotes(for: ["AAPL", "NOTE"], at: provider.clock.now)
      }
    }
  }

  @Test("search keeps US stocks and ETFs, best match first, each symbol once")
  func search() async throws {
    try await withProvider { provider in
      let results = try await provider.search("apple inc", limit: 10)
      #expect(results.map(\.symbol) == ["AAPL", "APLE", "IAPL"])
      #expect(results.first?.name == "Apple Inc")
      let first = try await provider.search("apple inc", limit: 1)
      #expect(first.map(\.symbol) == ["AAPL"])
      let none = try await provider.search("nothing", limit: 5)
      #expect(none.isEmpty)
      await #expect(throws: MarketDataError.self) { try await provider.search("  ", limit: 5) }
    }
    #expect(
      server.requests.first
        == "/query?apikey=av-test-key&function=SYMBOL_SEARCH&keywords=apple%20inc")
  }

  @Test("daily bars: stamped at New York midnight, exact, in [from, to), oldest first")
  func dailyBars() async throws {
    try await withProvider { provider in
      // 2024-01-03 00:00 to 2024-01-05 00:00 in New York.
      let bars = try await provider.bars(
        for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_704_258_000),
        to: Date(timeIntervalSince1970: 1_704_430_800), asOf: provider.clock.now, adjustment: .raw)
      #expect(bars.map(\.time.timeIntervalSince1970) == [1_704_258_000, 1_704_344_400])
      #expect(bars.map(\.close.description) == ["184.2500", "181.9100"])
      #expect(bars[1].high.description == "183.0872")
      #expect(bars[1].volume == 71_983_600)
    }
    #expect(
      server.requests
        == [
          "/query?apikey=av-test-key&function=TIME_SERIES_DAILY&outputsize=compact&symbol=AAPL"
        ])
  }

  @Test("daily history beyond the latest 100 sessions needs outputsize=full: premium, unsupported")
  func dailyBarsBeyondCompact() async throws {
    try await withProvider { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.bars(
          for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_685_577_600),
          to: Self.weekend, asOf: provider.clock.now, adjustment: .raw)
      }
      #expect(error?.code == "unsupported")
      #expect(error?.isTransient == false)
    }
    #expect(server.requests.first?.contains("outputsize=full") == true)
  }

  @Test("weekly and monthly bars are stamped at their first session, as Raven stamps them")
  func weeklyAndMonthlyBars() async throws {
    try await withProvider { provider in
      let weeks = try await provider.bars(
        for: "AAPL", resolution: .week, from: Date(timeIntervalSince1970: 1_701_406_800),
        to: Self.weekend, asOf: provider.clock.now, adjustment: .raw)
      // Mon 2023-12-18; Tue 2023-12-26 and Tue 2024-01-02, after Monday holidays.
      #expect(
        weeks.map(\.time.timeIntervalSince1970) == [1_702_875_600, 1_703_566_800, 1_704_171_600])
      #expect(weeks[2].low.description == "180.1700")
      let months = try await provider.bars(
        for: "AAPL", resolution: .month, from: Date(timeIntervalSince1970: 1_698_811_200),
        to: Self.weekend, asOf: provider.clock.now, adjustment: .raw)
      // Fri 2023-12-01 and Tue 2024-01-02.
      #expect(months.map(\.time.timeIntervalSince1970) == [1_701_406_800, 1_704_171_600])
      #expect(months[0].low.description == "187.4511")
      #expect(months[0].volume == 1_062_774_800)
    }
    #expect(server.requests.allSatisfy { !$0.contains("outputsize") })
  }

  @Test("hourly bars: New York wall-clock starts, sessions only, regular hours asked for")
  func hourlyBars() async throws {
    try await withProvider { provider in
      let bars = try await provider.bars(
        for: "AAPL", resolution: .hour, from: Date(timeIntervalSince1970: 1_704_258_000),
        to: Date(timeIntervalSince1970: 1_704_344_400), asOf: provider.clock.now, adjustment: .raw)
      // 09:00 (holding the 09:30 open) and 15:00 in New York; 08:00 and 16:00 left out.
      #expect(bars.map(\.time.timeIntervalSince1970) == [1_704_290_400, 1_704_312_000])
      #expect(bars.map(\.close.description) == ["185.1000", "184.2500"])
    }
    #expect(
      server.requests
        == [
          "/query?adjusted=false&apikey=av-test-key&extended_hours=false"
            + "&function=TIME_SERIES_INTRADAY"
            + "&interval=60min&outputsize=compact&symbol=AAPL"
        ])
  }

  @Test("{\"Note\"} and the daily limit's {\"Information\"} at HTTP 200 are 'rate limited'")
  func rateLimited() async throws {
    try await withProvider { provider in
      for symbol: Symbol in ["NOTE", "LIMIT"] {
        let error = await #expect(throws: MarketDataError.rateLimited) {
          try await provider.quote(for: symbol, at: provider.clock.now)
        }
        #expect(error?.isTransient == true)
      }
    }
  }

  @Test("a premium endpoint's {\"Information\"} is 'unsupported', not a failure")
  func premiumEndpoint() async throws {
    try await withProvider { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "PREMIUM", at: provider.clock.now)
      }
      #expect(error?.code == "unsupported")
      #expect(error?.message.contains("quotes") == true)
    }
  }

  @Test("HTTP 5xx, malformed JSON and a refused key are transient 'unavailable'")
  func unavailable() async throws {
    try await withProvider { provider in
      for symbol: Symbol in ["DOWN", "BROKEN"] {
        let error = await #expect(throws: MarketDataError.self) {
          try await provider.quote(for: symbol, at: provider.clock.now)
        }
        #expect(error?.code == "market_data_unavailable")
        #expect(error?.isTransient == true)
      }
    }
    try await withProvider(key: "wrong-key") { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "AAPL", at: provider.clock.now)
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.isTransient == true)
    }
  }

  @Test("an answer that does not come in time is a transient 'unavailable'")
  func timeout() async throws {
    try await withProvider(timeout: .milliseconds(300)) { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "SLOW", at: provider.clock.now)
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.isTransient == true)
    }
  }

  @Test("no error, whatever went wrong, shows the key that every URL carries")
  func keyNeverInErrors() async throws {
    let key = FakeAlphaVantageServer.key
    try await withProvider(timeout: .milliseconds(300)) { provider in
      for symbol: Symbol in ["ZZZZ", "NOTE", "LIMIT", "PREMIUM", "DOWN", "BROKEN", "SLOW"] {
        let error = await #expect(throws: MarketDataError.self) {
          try await provider.quote(for: symbol, at: provider.clock.now)
        }
        #expect(error.map { !"\($0)".contains(key) } == true)
      }
    }
    try await withProvider(key: "wrong-key-42") { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "AAPL", at: provider.clock.now)
      }
      #expect(error.map { !"\($0)".contains("wrong-key-42") } == true)
    }
    // A transport that quotes the URL it was given in its error.
    let provider = AlphaVantageProvider(
      configuration: AlphaVantageConfiguration(apiKey: key), transport: URLQuotingTransport())
    let error = await #expect(throws: MarketDataError.self) {
      try await provider.quote(for: "AAPL", at: provider.clock.now)
    }
    #expect(error?.code == "market_data_unavailable")
    #expect(error.map { !"\($0)".contains(key) } == true)
  }

  @Test("the configuration's description hides the key")
  func redactedKey() {
    let configuration = AlphaVantageConfiguration(apiKey: "secret-123", baseURL: "http://x/")
    #expect(configuration.baseURL == "http://x")
    #expect(!"\(configuration)".contains("secret-123"))
  }

  @Test("kinds it does not serve here are 'unsupported'; the policy fits the free plan")
  func unsupportedKindsAndPolicy() async throws {
    let provider = AlphaVantageProvider(
      configuration: AlphaVantageConfiguration(apiKey: "k"), transport: URLQuotingTransport())
    await #expect(throws: MarketDataError.unsupported("company profiles")) {
      try await provider.profile(for: "AAPL", at: provider.clock.now)
    }
    await #expect(throws: MarketDataError.unsupported("company news")) {
      try await provider.news(
        for: "AAPL", from: Self.weekend, to: Self.weekend, asOf: provider.clock.now)
    }
    await #expect(throws: MarketDataError.unsupported("market status")) {
      try await provider.marketStatus(at: provider.clock.now)
    }
    let policy = UpstreamPolicy.alphaVantage(capabilities: AlphaVantageProvider.freeCapabilities)
    #expect(policy.id == "alphavantage")
    #expect(policy.budget == .alphaVantageFree)
    #expect(policy.capabilities == [.quote, .search, .bars])
    #expect(policy.batchQuoteCost == .perSymbol)
  }
}

/// A transport that fails every request with an error quoting its URL, as a careless
/// transport might.
struct URLQuotingTransport: HTTPTransport {
  func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
    throw .failed(reason: "could not \(method.rawValue) \(url)")
  }
}
