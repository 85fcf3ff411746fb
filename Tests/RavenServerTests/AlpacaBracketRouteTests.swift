import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Bracket, OCO and OTO orders through `/v2` (issue 33, point 5): accepted where they
/// were refused, with their `legs`, listed nested or on their own, canceled together.
@Suite("Alpaca bracket, OCO and OTO orders")
struct AlpacaBracketRouteTests {
  static func quote(_ client: any TestClientProtocol, _ key: AlpacaKey, _ symbol: String)
    async throws -> Decimal
  {
    let trade = try await client.json(
      .get, "/v2/stocks/\(symbol)/trades/latest", headers: key.headers
    ).object()
    let price = try #require((trade["trade"] as? [String: Any])?["p"] as? Double)
    return Decimal(Int(price * 100)) / 100
  }

  @Test("a limit bracket: held legs in the answer, nested in lists, canceled with the entry")
  func bracket() async throws {
    try await withAlpacaKey { client, key in
      let price = try await Self.quote(client, key, "AAPL")
      let entry = price - 5
      let body = """
        {"symbol":"AAPL","qty":"3","side":"buy","type":"limit","limit_price":"\(entry)",
         "time_in_force":"gtc","order_class":"bracket",
         "take_profit":{"limit_price":"\(entry + 20)"},"stop_loss":{"stop_price":"\(entry - 10)"}}
        """
      let placed = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
      #expect(placed.status == .ok)
      let order = try placed.object()
      #expect(order["order_class"] as? String == "bracket" && order["status"] as? String == "new")
      let legs = try #require(order["legs"] as? [[String: Any]])
      #expect(legs.map { $0["type"] as? String } == ["limit", "stop"])
      #expect(
        legs.allSatisfy { $0["status"] as? String == "held" && $0["side"] as? String == "sell" })
      #expect(legs.allSatisfy { $0["position_intent"] as? String == "sell_to_close" })

      let nested = try await client.json(.get, "/v2/orders?nested=true", headers: key.headers)
        .array()
      #expect(nested.count == 1 && (nested[0]["legs"] as? [Any])?.count == 2)
      let flat = try await client.json(.get, "/v2/orders", headers: key.headers).array()
      #expect(flat.count == 3)

      let id = try #require(order["id"] as? String)
      let replaced = try await client.json(
        .patch, "/v2/orders/\(id)", body: #"{"qty":"2"}"#, headers: key.headers)
      #expect(replaced.status == .unprocessableContent)
      let canceled = try await client.json(.delete, "/v2/orders/\(id)", headers: key.headers)
      #expect(canceled.status == .noContent)
      let open = try await client.json(.get, "/v2/orders?status=open", headers: key.headers)
        .array()
      #expect(open.isEmpty)
    }
  }

  @Test("a market bracket fills and arms its exits; an OCO and an OTO; exits that do not fit")
  func classes() async throws {
    try await withAlpacaKey { client, key in
      let price = try await Self.quote(client, key, "KO")
      let bracket = """
        {"symbol":"KO","qty":"10","side":"buy","type":"market","time_in_force":"day",
         "order_class":"bracket","take_profit":{"limit_price":"\(price + 5)"},
         "stop_loss":{"stop_price":"\(price - 5)","limit_price":"\(price - 6)"}}
        """
      let filled = try await client.json(.post, "/v2/orders", body: bracket, headers: key.headers)
        .object()
      #expect(filled["status"] as? String == "filled")
      let legs = try #require(filled["legs"] as? [[String: Any]])
      #expect(legs.map { $0["status"] as? String } == ["new", "new"])
      #expect(legs.last?["type"] as? String == "stop_limit")
      // Both exits hold the ten shares once: nothing is left to sell.
      let position = try await client.json(.get, "/v2/positions/KO", headers: key.headers)
        .object()
      #expect(position["qty_available"] as? String == "0")

      let oto = """
        {"symbol":"MSFT","qty":"1","side":"buy","type":"market","time_in_force":"day",
         "order_class":"oto","stop_loss":{"stop_price":"1"}}
        """
      let armed = try await client.json(.post, "/v2/orders", body: oto, headers: key.headers)
        .object()
      #expect((armed["legs"] as? [[String: Any]])?.map { $0["type"] as? String } == ["stop"])

      let refused = [
        // A take-profit below the price a buy is placed at.
        #"{"symbol":"KO","qty":"1","side":"buy","type":"market","order_class":"bracket","take_profit":{"limit_price":"1"},"stop_loss":{"stop_price":"0.5"}}"#,
        // Exits on a simple order; a bracket missing one; fractional shares.
        #"{"symbol":"KO","qty":"1","side":"buy","type":"market","take_profit":{"limit_price":"900"}}"#,
        #"{"symbol":"KO","qty":"1","side":"buy","type":"market","order_class":"bracket","take_profit":{"limit_price":"900"}}"#,
        #"{"symbol":"KO","qty":"1.5","side":"buy","type":"market","order_class":"oto","take_profit":{"limit_price":"900"}}"#,
      ]
      for body in refused {
        let answer = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
        #expect(answer.status == .unprocessableContent && answer.alpacaError != nil, "\(body)")
      }
    }
  }
}
