import Foundation
import HummingbirdTesting
import RavenCore
import Testing

/// The $1.00 smallest order on every route, and what an account can spend and sell.
@Suite("The smallest order, buying power and shares available")
struct OrderMinimumRouteTests {
  static let message = "The smallest order is $1.00."

  @Test(
    "An order worth under $1.00 is refused on Raven's API, as a trade or an order",
    arguments: [
      ("/api/v1/trades", #"{"symbol":"AAPL","side":"buy","shares":"0.0000001"}"#),
      ("/api/v1/orders", #"{"symbol":"AAPL","side":"buy","qty":"0.0000001"}"#),
      (
        "/api/v1/orders",
        #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1","limitPrice":"0.99","timeInForce":"gtc"}"#
      ),
      ("/api/v1/orders", #"{"symbol":"AAPL","side":"buy","notional":"0.99"}"#),
    ])
  func refusedOnRavensAPI(path: String, body: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(.post, path, body: body, headers: browser.headers())
      #expect(response.status == .unprocessableContent)
      #expect(response.errorCode == "amount_too_small")
      #expect(response.errorMessage == Self.message)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect(portfolio["cash"] as? String == "25000.00", "a refused order charged nothing")
    }
  }

  @Test("An order worth exactly $1.00 is placed")
  func oneDollarIsPlaced() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"2","limitPrice":"0.50","timeInForce":"gtc"}"#,
        headers: browser.headers())
      #expect(placed.status == .created)
    }
  }

  @Test("/v2 refuses it as Alpaca does: 403, cost basis must be >= 1")
  func refusedOnV2() async throws {
    try await withAlpacaKey { client, key in
      for body in [
        #"{"symbol":"AAPL","qty":"0.001","side":"buy","type":"market","time_in_force":"day"}"#,
        #"{"symbol":"AAPL","notional":"0.5","side":"buy","type":"market","time_in_force":"day"}"#,
      ] {
        let response = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
        #expect(response.status == .forbidden)
        #expect(response.alpacaError?.code == 40_310_000)
        #expect(response.alpacaError?.message == "cost basis must be >= 1")
      }
    }
  }

  @Test("A sale of every share free to sell is placed however small; part of it is not")
  func remainderCanBeSold() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let trade = { (side: String, shares: String) in
        try await client.json(
          .post, "/api/v1/trades",
          body: #"{"symbol":"AAPL","side":"\#(side)","shares":"\#(shares)"}"#,
          headers: browser.headers())
      }
      #expect(try await trade("buy", "2").status == .created)
      // An open sale holds 1.999 shares, leaving 0.001 free to sell.
      let resting = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"sell","type":"limit","qty":"1.999","limitPrice":"99999.00"}"#,
        headers: browser.headers())
      #expect(resting.status == .created)
      let part = try await trade("sell", "0.0005")
      #expect(part.errorCode == "amount_too_small")
      #expect(try await trade("sell", "0.001").status == .created)
    }
  }

  @Test("The portfolio's buying power and shares available leave out what open orders hold")
  func buyingPowerAndSharesAvailable() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"3"}"#,
        headers: browser.headers())
      for body in [
        #"{"symbol":"MSFT","side":"buy","type":"limit","qty":"10","limitPrice":"1.25","timeInForce":"gtc"}"#,
        #"{"symbol":"AAPL","side":"sell","type":"limit","qty":"2","limitPrice":"99999.00","timeInForce":"gtc"}"#,
      ] {
        let placed = try await client.json(
          .post, "/api/v1/orders", body: body, headers: browser.headers())
        #expect(placed.status == .created)
      }
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      let cash = try #require((portfolio["cash"] as? String).flatMap(Money.init))
      #expect(portfolio["buyingPower"] as? String == (cash - Money("12.50")!).description)
      let positions = try #require(portfolio["positions"] as? [[String: Any]])
      #expect(positions.first?["shares"] as? String == "3")
      #expect(positions.first?["sharesAvailable"] as? String == "1")
    }
  }
}
