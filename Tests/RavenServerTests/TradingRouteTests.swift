import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenTestSupport
import Testing

@testable import RavenServer

@Suite("Trading, portfolio and history")
struct TradingRouteTests {
  @Test(
    "Each refusal has the app's exact message and a 422",
    arguments: [
      (
        #"{"symbol":"AAPL","side":"buy","shares":"abc"}"#, "invalid_amount",
        "Please enter a valid amount"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","shares":""}"#, "invalid_amount",
        "Please enter a valid amount"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","shares":"1.1234567891"}"#, "invalid_amount",
        "Please enter a valid amount"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","shares":"0"}"#, "non_positive_buy",
        "Cannot buy non-positive shares"
      ),
      (
        #"{"symbol":"AAPL","side":"sell","shares":"-2"}"#, "non_positive_sell",
        "Cannot sell non-positive shares"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","shares":"100000"}"#, "insufficient_funds",
        "Not enough money to buy"
      ),
      (
        #"{"symbol":"AAPL","side":"sell","shares":"1"}"#, "insufficient_shares",
        "Not enough shares to sell"
      ),
    ])
  func refusals(body: String, code: String, message: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .post, "/api/v1/trades", body: body, headers: browser.headers())
      #expect(response.status == .unprocessableContent)
      #expect(response.errorCode == code)
      #expect(response.errorMessage == message)
    }
  }

  @Test("Unknown symbols are 404 unknown_symbol; a bad side is a 400")
  func unknownSymbol() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let unknown = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"NOPE","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      #expect(unknown.status == .notFound && unknown.errorCode == "unknown_symbol")
      let side = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"hold","shares":"1"}"#,
        headers: browser.headers())
      #expect(side.status == .badRequest && side.errorCode == "invalid_side")
    }
  }

  @Test("A buy and a sell move cash by exactly the trade amounts; the portfolio values the rest")
  func buyAndSell() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let quote = try await client.json(.get, "/api/v1/stocks/AAPL/quote").object()
      let price = try #require(Decimal(string: quote["price"] as? String ?? ""))
      // A buy pays the ask and a sale gets the bid: the simulated market quotes a spread.
      let ask = try #require(Decimal(string: quote["ask"] as? String ?? ""))
      let bid = try #require(Decimal(string: quote["bid"] as? String ?? ""))
      #expect(bid < price && price < ask)
      let buy = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"3"}"#,
        headers: browser.headers())
      #expect(buy.status == .created)
      let receipt = try buy.object()
      let trade = try #require(receipt["trade"] as? [String: Any])
      #expect(trade["price"] as? String == quote["ask"] as? String)
      #expect(Decimal(string: trade["amount"] as? String ?? "") == ask * 3)
      #expect(Decimal(string: receipt["cash"] as? String ?? "") == 25_000 - ask * 3)
      let sell = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"sell","shares":1}"#,
        headers: browser.headers())
      #expect(sell.status == .created)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      let positions = try #require(portfolio["positions"] as? [[String: Any]])
      #expect(positions.count == 1)
      #expect(positions[0]["symbol"] as? String == "AAPL")
      #expect(positions[0]["name"] as? String == "Apple Inc")
      #expect(positions[0]["shares"] as? String == "2")
      let cash = 25_000 - ask * 3 + bid
      #expect(Decimal(string: portfolio["cash"] as? String ?? "") == cash)
      // What the round trip cost is the spread: three asks paid, one bid received.
      #expect(Decimal(string: portfolio["netWorth"] as? String ?? "") == cash + price * 2)
      for key in [
        "avgCost", "totalCost", "price", "marketValue", "changeFromCost", "changeFromCostPercent",
        "dayChange", "dayChangePercent",
      ] {
        #expect(positions[0][key] is String, "\(key)")
      }
    }
  }

  @Test("An Idempotency-Key makes a retried trade return the first result")
  func idempotency() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      var headers = browser.headers()
      headers[.init("Idempotency-Key")!] = "retry-1"
      let body = #"{"symbol":"KO","side":"buy","shares":"1"}"#
      let first = try await client.json(.post, "/api/v1/trades", body: body, headers: headers)
      let second = try await client.json(.post, "/api/v1/trades", body: body, headers: headers)
      #expect(first.status == .created && second.status == .created)
      #expect(
        try first.object()["trade"] as? [String: String] == second.object()["trade"]
          as? [String: String])
      #expect(second.headers[.init("Idempotent-Replayed")!] == "true")
      // The key with another trade: refused, not answered with the first trade's result.
      for other in [
        #"{"symbol":"KO","side":"buy","shares":"2"}"#,
        #"{"symbol":"KO","side":"sell","shares":"1"}"#,
        #"{"symbol":"PEP","side":"buy","shares":"1"}"#,
      ] {
        let reused = try await client.json(.post, "/api/v1/trades", body: other, headers: headers)
        #expect(reused.status == .unprocessableContent, "\(other)")
        #expect(reused.errorCode == "idempotency_key_reused", "\(other)")
      }
      let trades = try await client.json(.get, "/api/v1/trades", headers: browser.headers())
        .object()
      #expect((trades["trades"] as? [Any])?.count == 1)
    }
  }

  @Test("Trades list newest first, with a cursor for older pages")
  func pagination() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      for symbol in ["KO", "PEP", "MSFT"] {
        _ = try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"\#(symbol)","side":"buy","shares":"1"}"#,
          headers: browser.headers())
      }
      let first = try await client.json(.get, "/api/v1/trades?limit=2", headers: browser.headers())
        .object()
      let page = try #require(first["trades"] as? [[String: Any]])
      #expect(page.map { $0["symbol"] as? String } == ["MSFT", "PEP"])
      let cursor = try #require(first["nextCursor"] as? String)
      let second = try await client.json(
        .get, "/api/v1/trades?limit=2&before=\(cursor)", headers: browser.headers()
      ).object()
      #expect((second["trades"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["KO"])
      #expect(second["nextCursor"] is NSNull)
    }
  }

  @Test("Positions keep the order the user sets")
  func positionOrder() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      for symbol in ["KO", "PEP", "MSFT"] {
        _ = try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"\#(symbol)","side":"buy","shares":"1"}"#,
          headers: browser.headers())
      }
      let saved = try await client.json(
        .put, "/api/v1/portfolio/order", body: #"{"symbols":["MSFT","KO","PEP"]}"#,
        headers: browser.headers())
      #expect(saved.status == .noContent)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect(
        (portfolio["positions"] as? [[String: Any]])?.map { $0["symbol"] as? String } == [
          "MSFT", "KO", "PEP",
        ])
    }
  }

  @Test("Portfolio history: flat at the starting cash before any trade, moving with prices after")
  func history() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let empty = try await client.json(
        .get, "/api/v1/portfolio/history?range=1D", headers: browser.headers()
      ).object()
      let flat = try #require(empty["points"] as? [[String: Any]])
      #expect(!flat.isEmpty && flat.allSatisfy { $0["value"] as? String == "25000.00" })
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"100"}"#,
        headers: browser.headers())
      clock.advance(by: 3_600)
      let after = try await client.json(
        .get, "/api/v1/portfolio/history?range=1D", headers: browser.headers()
      ).object()
      let points = try #require(after["points"] as? [[String: Any]])
      #expect(Set(points.compactMap { $0["value"] as? String }).count > 2)
      for range in ["1W", "1M", "1Y"] {
        let response = try await client.json(
          .get, "/api/v1/portfolio/history?range=\(range)", headers: browser.headers())
        #expect(response.status == .ok)
      }
      let bad = try await client.json(
        .get, "/api/v1/portfolio/history?range=5Y", headers: browser.headers())
      #expect(bad.status == .badRequest)
    }
  }

  @Test("100 simultaneous buys that each need 60% of the cash: exactly one succeeds")
  func concurrentBuys() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let quote = try await client.json(.get, "/api/v1/stocks/MSFT/quote").object()
      let price = try #require(Double(quote["price"] as? String ?? ""))
      let shares = Int((25_000 * 0.6 / price).rounded(.up))
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for _ in 0..<100 {
          group.addTask {
            try await client.json(
              .post, "/api/v1/trades",
              body: #"{"symbol":"MSFT","side":"buy","shares":"\#(shares)"}"#,
              headers: browser.headers()
            ).status
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == .created }.count == 1)
      #expect(statuses.filter { $0 == .unprocessableContent }.count == 99)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect(!(portfolio["cash"] as? String ?? "-").hasPrefix("-"))
    }
  }
}
