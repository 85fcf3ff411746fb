import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// `/v2/account/portfolio/history` and `/v1beta1/news`.
@Suite("Alpaca-compatible portfolio history and news")
struct AlpacaHistoryRouteTests {
  @Test("portfolio history: parallel arrays of numbers, profit and loss from the base value")
  func portfolioHistory() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      _ = try await client.json(
        .post, "/v2/orders",
        body: #"{"symbol":"AAPL","qty":5,"side":"buy","type":"market","time_in_force":"day"}"#,
        headers: key.headers)
      let history = try await client.json(
        .get, "/v2/account/portfolio/history?period=1D&timeframe=5Min", headers: key.headers
      ).object()
      let times = try #require(history["timestamp"] as? [Int])
      let equity = try #require(history["equity"] as? [NSNumber])
      let profit = try #require(history["profit_loss"] as? [NSNumber])
      #expect(!times.isEmpty && times.count == equity.count && equity.count == profit.count)
      #expect(times == times.sorted())
      #expect(history["timeframe"] as? String == "5Min")
      let base = try #require(history["base_value"] as? NSNumber).decimalValue
      for (value, pl) in zip(equity, profit) {
        #expect(value.decimalValue - base == pl.decimalValue)
      }
      let bad = try await client.json(
        .get, "/v2/account/portfolio/history?period=2X", headers: key.headers)
      #expect(bad.status == .unprocessableContent)
    }
  }

  @Test("news: the market's stories for the symbols, newest first, ids as integers")
  func news() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      let page = try await client.json(
        .get, "/v1beta1/news?symbols=AAPL,MSFT&limit=5", headers: key.headers
      ).object()
      let news = try #require(page["news"] as? [[String: Any]])
      #expect(news.count == 5 && page.keys.contains("next_page_token"))
      let times = news.compactMap { $0["created_at"] as? String }
      #expect(times == times.sorted(by: >))
      #expect(
        news.allSatisfy { $0["id"] is Int && $0["headline"] is String && $0.keys.contains("url") })
      #expect(news.allSatisfy { !(($0["symbols"] as? [String]) ?? []).isEmpty })
      let unauthorized = try await client.json(.get, "/v1beta1/news?symbols=AAPL")
      #expect(unauthorized.status == .unauthorized && unauthorized.alpacaError?.code == 40_110_000)
    }
  }
}
