import AsyncHTTPClient
import Foundation
import RavenCore
import Testing

@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// FinnhubProvider against a local fake of Finnhub's documented HTTP contract.
@Suite("Finnhub contract")
struct FinnhubContractTests {
  let server = FakeFinnhubServer()

  /// Runs `body` with a provider pointed at a running fake, on `key`.
  func withProvider(
    key: String = FakeFinnhubServer.freeKey, timeout: Duration = FakeUpstream.answerTimeout,
    _ body: @Sendable (FinnhubProvider) async throws -> Void
  ) async throws {
    try await server.run { baseURL in
      let provider = FinnhubProvider(
        configuration: FinnhubConfiguration(apiKey: key, baseURL: baseURL, timeout: timeout),
        transport: AsyncHTTPTransport(client: .shared))
      try await body(provider)
    }
  }

  @Test("a quote has exact prices and the key goes in the header, never in the URL")
  func quote() async throws {
    try await withProvider { provider in
      let quote = try await provider.quote(for: "AAPL", at: Date())
      #expect(quote.price.description == "261.74")
      #expect(quote.previousClose.description == "259.45")
      #expect(quote.change.description == "2.29")
      #expect(quote.changePercent.description == "0.88")
      #expect(quote.open.description == "261.07")
      #expect(quote.time == Date(timeIntervalSince1970: 1_582_641_000))
      let msft = try await provider.quote(for: "MSFT", at: Date())
      #expect(msft.price.description == "415.10")
      #expect(msft.high.description == "418.00")
    }
    #expect(
      server.requests.map(\.uri) == ["/api/v1/quote?symbol=AAPL", "/api/v1/quote?symbol=MSFT"])
    #expect(server.requests.allSatisfy { $0.token == FakeFinnhubServer.freeKey })
    #expect(server.requests.allSatisfy { !$0.uri.contains(FakeFinnhubServer.freeKey) })
  }

  @Test("an unknown symbol's zero quote and empty profile are 'unknown symbol', not $0")
  func unknownSymbol() async throws {
    try await withProvider { provider in
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.quote(for: "ZZZZ", at: Date())
      }
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.profile(for: "ZZZZ", at: Date())
      }
    }
  }

  @Test("a batch of quotes leaves unknown symbols out")
  func batchQuotes() async throws {
    try await withProvider { provider in
      let quotes = try await provider.quotes(for: ["AAPL", "ZZZZ", "MSFT", "AAPL"], at: Date())
      #expect(Set(quotes.keys) == ["AAPL", "MSFT"])
      #expect(quotes["MSFT"]?.price.description == "415.10")
    }
    #expect(server.requests.count == 3)
  }

  @Test("a batch with a failing symbol fails, so the gateway serves its last good values")
  func batchWithFailure() async throws {
    try await withProvider { provider in
      await #expect(throws: MarketDataError.rateLimited) {
        try await provider.quotes(for: ["AAPL", "RATE"], at: Date())
      }
    }
  }

  @Test("a profile: shares and market capitalization from millions, exactly")
  func profile() async throws {
    try await withProvider { provider in
      let profile = try await provider.profile(for: "AAPL", at: Date())
      #expect(profile.name == "Apple Inc")
      #expect(profile.exchange == "NASDAQ NMS - GLOBAL MARKET")
      #expect(profile.industry == "Technology")
      #expect(profile.ipo == MarketDate(year: 1980, month: 12, day: 12))
      #expect(profile.webURL == "https://www.apple.com/")
      #expect(profile.sharesOutstanding?.description == "14776350000")
      #expect(profile.marketCapitalization?.description == "3975462891744")
      #expect(profile.source == "Finnhub")
    }
  }

  @Test("search sends the query encoded and answers valid symbols once each")
  func search() async throws {
    try await withProvider { provider in
      let results = try await provider.search("apple inc", limit: 10)
      #expect(results.map(\.symbol) == ["AAPL", "APLE", "AAPL.SW"])
      #expect(results.first?.name == "APPLE INC")
      let first = try await provider.search("apple inc", limit: 1)
      #expect(first.map(\.symbol) == ["AAPL"])
      let none = try await provider.search("nothing", limit: 5)
      #expect(none.isEmpty)
    }
    #expect(server.requests.first?.uri == "/api/v1/search?q=apple%20inc")
  }

  @Test("company news in the window, newest first, escapes decoded, empty links left out")
  func news() async throws {
    try await withProvider { provider in
      let to = Date(timeIntervalSince1970: 1_763_650_800)
      let articles = try await provider.news(
        for: "AAPL", from: to.addingTimeInterval(-7 * 86_400), to: to, asOf: Date())
      #expect(articles.map(\.headline) == ["Apple opens a store", "Apple électrique 🍎"])
      #expect(articles[0].id == "finnhub-7423961")
      #expect(articles[0].imageURL == "https://example.com/a.jpg")
      #expect(articles[1].imageURL == nil)
      #expect(articles[1].publishedAt == Date(timeIntervalSince1970: 1_763_553_600))
    }
    #expect(
      server.requests.first?.uri
        == "/api/v1/company-news?from=2025-11-13&symbol=AAPL&to=2025-11-20")
  }

  @Test("recommendation trends, newest month first")
  func recommendations() async throws {
    try await withProvider { provider in
      let trends = try await provider.recommendationTrends(for: "AAPL", asOf: Date())
      #expect(trends.map(\.period.description) == ["2026-11-01", "2026-10-01"])
      #expect(trends[0].strongBuy == 14 && trends[0].buy == 25 && trends[0].sell == 1)
    }
  }

  @Test("social sentiment in the older {reddit, twitter} shape")
  func sentimentOldShape() async throws {
    try await withProvider { provider in
      let from = try #require(MarketDate(year: 2022, month: 4, day: 20))
      let to = try #require(MarketDate(year: 2022, month: 4, day: 27))
      let sentiment = try await provider.socialSentiment(
        for: "AAPL", from: from, to: to, asOf: Date())
      #expect(sentiment.platforms.map(\.platform) == ["reddit", "twitter"])
      let reddit = sentiment.platforms[0]
      #expect(reddit.mentions == 15 && reddit.positiveMentions == 9 && reddit.negativeMentions == 3)
      #expect(reddit.score.description == "0.38")
      #expect(sentiment.platforms[1].score.description == "-0.10")
      #expect(sentiment.from == from && sentiment.to == to)
    }
  }

  @Test("social sentiment in the newer {data} shape")
  func sentimentNewShape() async throws {
    try await withProvider { provider in
      let from = try #require(MarketDate(year: 2022, month: 4, day: 20))
      let to = try #require(MarketDate(year: 2022, month: 4, day: 27))
      let sentiment = try await provider.socialSentiment(
        for: "MSFT", from: from, to: to, asOf: Date())
      #expect(sentiment.platforms.count == 1)
      let all = sentiment.platforms[0]
      #expect(all.mentions == 100 && all.positiveMentions == 60 && all.negativeMentions == 32)
      #expect(all.score.description == "0.36")
    }
  }

  @Test("peers without the symbol itself, duplicates or invalid symbols")
  func peers() async throws {
    try await withProvider { provider in
      let peers = try await provider.peers(for: "AAPL")
      #expect(peers == ["DELL", "HPQ"])
    }
  }

  @Test("earnings: reported quarters only, newest first, exact surprise")
  func earnings() async throws {
    try await withProvider { provider in
      let reports = try await provider.earnings(for: "AAPL", asOf: Date())
      #expect(reports.map(\.period.description) == ["2023-03-31", "2022-12-31"])
      #expect(reports[0].actual.description == "1.88")
      #expect(reports[0].estimate.description == "1.9744")
      #expect(reports[0].surprise.description == "-0.0944")
      #expect(reports[0].year == 2023 && reports[0].quarter == 2)
    }
  }

  @Test("candles on a free key (403) mean this provider cannot serve bars")
  func candlesOnFreeKey() async throws {
    try await withProvider { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.bars(
          for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_569_000_000),
          to: Date(timeIntervalSince1970: 1_570_000_000), asOf: Date(), adjustment: .split)
      }
      #expect(error?.code == "unsupported")
      #expect(error?.isTransient == false)
    }
  }

  @Test("candles on a paid key: bars in the interval, exact; no_data is 'no data'")
  func candlesOnPaidKey() async throws {
    try await withProvider(key: FakeFinnhubServer.premiumKey) { provider in
      let bars = try await provider.bars(
        for: "AAPL", resolution: .day, from: Date(timeIntervalSince1970: 1_569_297_600),
        to: Date(timeIntervalSince1970: 1_569_470_400), asOf: Date(), adjustment: .split)
      #expect(bars.map(\.close.description) == ["217.68", "221.03"])
      #expect(bars[1].open.description == "218.55")
      #expect(bars[1].low.description == "217.1402")
      #expect(bars[0].volume == 33_463_820)
      await #expect(throws: MarketDataError.noData("NODATA")) {
        try await provider.bars(
          for: "NODATA", resolution: .day, from: Date(timeIntervalSince1970: 1_569_297_600),
          to: Date(timeIntervalSince1970: 1_569_470_400), asOf: Date(), adjustment: .split)
      }
    }
    #expect(
      server.requests.first?.uri
        == "/api/v1/stock/candle?from=1569297600&resolution=D&symbol=AAPL&to=1569470400")
  }

  @Test("an instant other than now is refused plainly, and Finnhub is not asked")
  func pastInstantRefused() async throws {
    try await withProvider { provider in
      let lastMonth = Date().addingTimeInterval(-30 * 86_400)
      await #expect(throws: MarketDataError.unservedInstant(lastMonth)) {
        try await provider.quote(for: "AAPL", at: lastMonth)
      }
      await #expect(throws: MarketDataError.unservedInstant(lastMonth)) {
        try await provider.news(for: "AAPL", from: lastMonth, to: lastMonth, asOf: lastMonth)
      }
      let error = MarketDataError.unservedInstant(lastMonth)
      #expect(error.code == "unsupported" && error.isUnsupported && !error.isTransient)
      #expect(error.message.hasPrefix("This market data source answers only for the present"))
      #expect(server.requests.isEmpty)
    }
  }

  @Test("the market status is the NYSE calendar's at Finnhub's instant")
  func marketStatus() async throws {
    try await withProvider { provider in
      let status = try await provider.marketStatus(at: Date())
      #expect(status.phase == .preMarket)
      #expect(status == NYSECalendar().status(at: Date(timeIntervalSince1970: 1_697_018_041)))
    }
  }

  @Test("HTTP 429 {\"error\"} is 'rate limited', a transient failure")
  func rateLimited() async throws {
    try await withProvider { provider in
      let error = await #expect(throws: MarketDataError.rateLimited) {
        try await provider.quote(for: "RATE", at: Date())
      }
      #expect(error?.isTransient == true)
    }
  }

  @Test("HTTP 5xx, malformed JSON and a wrong key are transient 'unavailable'")
  func unavailable() async throws {
    try await withProvider { provider in
      for symbol: Symbol in ["DOWN", "BROKEN"] {
        let error = await #expect(throws: MarketDataError.self) {
          try await provider.profile(for: symbol, at: Date())
        }
        #expect(error?.code == "market_data_unavailable")
        #expect(error?.isTransient == true)
      }
    }
    try await withProvider(key: "wrong-key") { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "AAPL", at: Date())
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.message.contains("wrong-key") == false)
    }
  }

  @Test("an answer that does not come in time is a transient 'unavailable'")
  func timeout() async throws {
    try await withProvider(timeout: .milliseconds(300)) { provider in
      let error = await #expect(throws: MarketDataError.self) {
        try await provider.quote(for: "SLOW", at: Date())
      }
      #expect(error?.code == "market_data_unavailable")
      #expect(error?.isTransient == true)
    }
  }

  @Test("the configuration's description hides the key")
  func redactedKey() {
    let configuration = FinnhubConfiguration(apiKey: "secret-123", baseURL: "http://x/api/v1/")
    #expect(configuration.baseURL == "http://x/api/v1")
    #expect(!"\(configuration)".contains("secret-123"))
  }
}
