import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Brackets through Raven's own API, as the web app's trade sheet places them: the exits
/// go in `takeProfit` and `stopLoss`, come back as orders of their own, and end together.
@Suite("Bracket orders through the API")
struct BracketOrderRouteTests {
  static func price(_ client: any TestClientProtocol, _ headers: HTTPFields, _ symbol: String)
    async throws -> Decimal
  {
    let quote = try await client.json(.get, "/api/v1/stocks/\(symbol)/quote", headers: headers)
      .object()
    let text = try #require(quote["price"] as? String)
    return try #require(Decimal(string: text))
  }

  @Test("a market bracket fills, its exits open and hold its shares; one ending ends the other")
  func marketBracket() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let headers = try await client.signUp().headers()
      let price = try await Self.price(client, headers, "AAPL")
      let body = """
        {"symbol":"AAPL","side":"buy","qty":"2","orderClass":"bracket","timeInForce":"gtc",
         "takeProfit":{"limitPrice":"\(price + 20)"},"stopLoss":{"stopPrice":"\(price - 20)"}}
        """
      let placed = try await client.json(.post, "/api/v1/orders", body: body, headers: headers)
      #expect(placed.status == .created)
      let entry = try placed.object()
      #expect(entry["status"] as? String == "filled")
      #expect(entry["orderClass"] as? String == "bracket")
      let legIDs = try #require(entry["legs"] as? [String])
      #expect(legIDs.count == 2)

      let open = try await client.json(.get, "/api/v1/orders?status=open", headers: headers)
        .object()
      let legs = try #require(open["orders"] as? [[String: Any]])
      #expect(Set(legs.compactMap { $0["id"] as? String }) == Set(legIDs))
      #expect(legs.allSatisfy { $0["parentId"] as? String == entry["id"] as? String })
      #expect(
        legs.allSatisfy { $0["status"] as? String == "new" && $0["side"] as? String == "sell" })
      #expect(Set(legs.compactMap { $0["type"] as? String }) == ["limit", "stop"])

      // The exits hold both shares: a sale beside them is refused.
      let sale = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"sell","qty":"1"}"#,
        headers: headers)
      #expect(sale.errorCode == "insufficient_shares")

      // Canceling the take-profit cancels its stop-loss: the shares are free again.
      let profit = try #require(legs.first { $0["type"] as? String == "limit" }?["id"] as? String)
      let canceled = try await client.json(
        .delete, "/api/v1/orders/\(profit)", headers: headers)
      #expect(canceled.status == .noContent)
      let stop = try #require(legs.first { $0["type"] as? String == "stop" }?["id"] as? String)
      let ended = try await client.json(.get, "/api/v1/orders/\(stop)", headers: headers).object()
      #expect(ended["status"] as? String == "canceled")
      #expect(ended["reason"] as? String == "one_cancels_other")
      let sold = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"sell","qty":"2"}"#,
        headers: headers)
      #expect(sold.status == .created)
    }
  }

  @Test("a resting limit bracket keeps its exits held, and canceling it cancels them")
  func restingBracket() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let headers = try await client.signUp().headers()
      let body = """
        {"symbol":"KO","side":"buy","type":"limit","qty":"3","limitPrice":"1.00",
         "timeInForce":"day","orderClass":"bracket",
         "takeProfit":{"limitPrice":"2.00"},"stopLoss":{"stopPrice":"0.50","limitPrice":"0.45"}}
        """
      let entry = try await client.json(.post, "/api/v1/orders", body: body, headers: headers)
        .object()
      #expect(entry["status"] as? String == "new")
      let id = try #require(entry["id"] as? String)
      let open = try await client.json(.get, "/api/v1/orders?status=open", headers: headers)
        .object()
      let orders = try #require(open["orders"] as? [[String: Any]])
      #expect(orders.count == 3)
      let legs = orders.filter { $0["parentId"] as? String == id }
      #expect(legs.map { $0["status"] as? String } == ["held", "held"])
      #expect(Set(legs.compactMap { $0["type"] as? String }) == ["limit", "stop_limit"])

      #expect(
        try await client.json(.delete, "/api/v1/orders/\(id)", headers: headers).status
          == .noContent)
      let after = try await client.json(.get, "/api/v1/orders?status=open", headers: headers)
        .object()
      #expect((after["orders"] as? [Any])?.isEmpty == true)
    }
  }

  @Test("an OTO with one exit, and an OCO whose limit is its take-profit's")
  func otoAndOCO() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let headers = try await client.signUp().headers()
      let price = try await Self.price(client, headers, "MSFT")
      let oto = """
        {"symbol":"MSFT","side":"buy","qty":"2","orderClass":"oto",
         "stopLoss":{"stopPrice":"\(price - 30)"}}
        """
      let entry = try await client.json(.post, "/api/v1/orders", body: oto, headers: headers)
        .object()
      #expect((entry["legs"] as? [String])?.count == 1)

      // The OTO's stop holds both shares; cancel it, then an OCO exits the position.
      let stop = try #require((entry["legs"] as? [String])?.first)
      _ = try await client.json(.delete, "/api/v1/orders/\(stop)", headers: headers)
      let oco = """
        {"symbol":"MSFT","side":"sell","type":"limit","qty":"2","orderClass":"oco",
         "timeInForce":"gtc","takeProfit":{"limitPrice":"\(price + 40)"},
         "stopLoss":{"stopPrice":"\(price - 40)"}}
        """
      let placed = try await client.json(.post, "/api/v1/orders", body: oco, headers: headers)
      #expect(placed.status == .created)
      let order = try placed.object()
      #expect((order["limitPrice"] as? String).flatMap { Decimal(string: $0) } == price + 40)
      #expect(order["status"] as? String == "new" && (order["legs"] as? [String])?.count == 1)
    }
  }
}
