import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// `/v2` as Alpaca's SDKs read it: the account, the clock, orders and positions of the
/// built-in account, amounts as strings, errors as `{"code", "message"}`.
@Suite("Alpaca-compatible trading API")
struct AlpacaTradingRouteTests {
  @Test("the account: a cash account, money as strings, equity = cash + positions")
  func account() async throws {
    try await withAlpacaKey { client, key in
      let account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(account["cash"] as? String == "25000")
      #expect(account["equity"] as? String == "25000")
      #expect(account["buying_power"] as? String == "25000")
      #expect(account["currency"] as? String == "USD")
      #expect(account["shorting_enabled"] as? Bool == false)
      #expect(account["multiplier"] as? String == "1")
      #expect(UUID(uuidString: account["id"] as? String ?? "") != nil)
    }
  }

  @Test("the clock is the market's: open mid-session, the next close today")
  func clock() async throws {
    try await withAlpacaKey { client, key in
      let clock = try await client.json(.get, "/v2/clock", headers: key.headers).object()
      #expect(clock["is_open"] as? Bool == true)
      #expect(clock["timestamp"] as? String == "2026-11-20T18:00:00.000Z")
      #expect(clock["next_close"] as? String == "2026-11-20T21:00:00.000Z")
      #expect(clock["next_open"] as? String == "2026-11-23T14:30:00.000Z")
    }
  }

  @Test("a market order as alpaca-py sends it (qty a JSON number) fills; the position shows it")
  func marketOrderAndPosition() async throws {
    try await withAlpacaKey { client, key in
      let placed = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"AAPL","qty":2.0,"side":"buy","type":"market","time_in_force":"day","client_order_id":"bot-1"}"#,
        headers: key.headers)
      #expect(placed.status == .ok)
      let order = try placed.object()
      #expect(order["status"] as? String == "filled")
      #expect(order["qty"] as? String == "2" && order["filled_qty"] as? String == "2")
      #expect(order["client_order_id"] as? String == "bot-1")
      #expect(order["order_class"] as? String == "simple")
      #expect(order.keys.contains("limit_price") && order["limit_price"] is NSNull)
      let price = try #require(order["filled_avg_price"] as? String)

      let positions = try await client.json(.get, "/v2/positions", headers: key.headers).array()
      #expect(positions.map { $0["symbol"] as? String } == ["AAPL"])
      #expect(positions.first?["qty"] as? String == "2")
      #expect(positions.first?["side"] as? String == "long")
      #expect(positions.first?["avg_entry_price"] as? String == price)
      #expect(positions.first?["exchange"] as? String == "NASDAQ")
      let one = try await client.json(.get, "/v2/positions/aapl", headers: key.headers)
      #expect(one.status == .ok)
      let assetID = try #require(positions.first?["asset_id"] as? String)
      let byAsset = try await client.json(.get, "/v2/positions/\(assetID)", headers: key.headers)
      #expect(try byAsset.object()["symbol"] as? String == "AAPL")
      let none = try await client.json(.get, "/v2/positions/MSFT", headers: key.headers)
      #expect(none.status == .notFound && none.alpacaError?.code == 40_410_000)

      // Equity is cash plus the position at its price.
      let account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      let cash = try #require(Decimal(string: account["cash"] as? String ?? ""))
      let equity = try #require(Decimal(string: account["equity"] as? String ?? ""))
      let value = try #require(Decimal(string: positions.first?["market_value"] as? String ?? ""))
      #expect(cash + value == equity)
    }
  }

  @Test("a limit order rests: found by id and client order id, listed, replaced, canceled")
  func restingLimit() async throws {
    try await withAlpacaKey { client, key in
      let placed = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"MSFT","qty":"3","side":"buy","type":"limit","limit_price":1.5,"time_in_force":"gtc","client_order_id":"rest-1"}"#,
        headers: key.headers)
      let order = try placed.object()
      #expect(order["status"] as? String == "new" && order["limit_price"] as? String == "1.5")
      let id = try #require(order["id"] as? String)
      let account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(account["buying_power"] as? String == "24995.5")  // 25,000 − 3 × 1.50

      let byID = try await client.json(.get, "/v2/orders/\(id)", headers: key.headers)
      #expect(try byID.object()["client_order_id"] as? String == "rest-1")
      let byClient = try await client.json(
        .get, "/v2/orders:by_client_order_id?client_order_id=rest-1", headers: key.headers)
      #expect(try byClient.object()["id"] as? String == id)
      let open = try await client.json(
        .get, "/v2/orders?status=open&symbols=MSFT,AAPL&side=buy", headers: key.headers)
      #expect(try open.array().map { $0["id"] as? String } == [id])
      let sells = try await client.json(.get, "/v2/orders?side=sell", headers: key.headers)
      #expect(try sells.array().isEmpty)

      let replaced = try await client.json(
        .patch, "/v2/orders/\(id)", body: #"{"qty":"2","limit_price":"1.01"}"#,
        headers: key.headers)
      #expect(replaced.status == .ok)
      let new = try replaced.object()
      #expect(new["replaces"] as? String == id && new["qty"] as? String == "2")
      let newID = try #require(new["id"] as? String)
      let old = try await client.json(.get, "/v2/orders/\(id)", headers: key.headers).object()
      #expect(old["status"] as? String == "replaced" && old["replaced_by"] as? String == newID)

      let cancel = try await client.json(.delete, "/v2/orders/\(newID)", headers: key.headers)
      #expect(cancel.status == .noContent)
      let again = try await client.json(.delete, "/v2/orders/\(newID)", headers: key.headers)
      #expect(again.status == .unprocessableContent && again.alpacaError?.code == 42_210_000)
      let all = try await client.json(
        .get, "/v2/orders?status=all&direction=asc", headers: key.headers)
      #expect(try all.array().map { $0["status"] as? String } == ["replaced", "canceled"])
    }
  }

  @Test("DELETE /v2/orders cancels every open order: 207 with each one's status")
  func cancelAll() async throws {
    try await withAlpacaKey { client, key in
      for price in ["1", "2"] {
        _ = try await client.json(
          .post, "/v2/orders",
          body:
            #"{"symbol":"KO","qty":1,"side":"buy","type":"limit","limit_price":\#(price),"time_in_force":"day"}"#,
          headers: key.headers)
      }
      let response = try await client.json(.delete, "/v2/orders", headers: key.headers)
      #expect(response.status.code == 207)
      let results = try response.array()
      #expect(results.count == 2 && results.allSatisfy { $0["status"] as? Int == 200 })
      #expect(
        results.compactMap { ($0["body"] as? [String: Any])?["status"] as? String }
          == ["canceled", "canceled"])
      let open = try await client.json(.get, "/v2/orders", headers: key.headers)
      #expect(try open.array().isEmpty)
    }
  }

  @Test(
    "refusals as Alpaca's: buying power and shares 403, a bad order 422, bad JSON 400",
    arguments: [
      (
        #"{"symbol":"AAPL","qty":100000,"side":"buy","type":"market","time_in_force":"day"}"#, 403,
        40_310_000
      ),
      (
        #"{"symbol":"AAPL","qty":1,"side":"sell","type":"market","time_in_force":"day"}"#, 403,
        40_310_000
      ),
      (
        #"{"symbol":"AAPL","qty":0,"side":"buy","type":"market","time_in_force":"day"}"#, 422,
        42_210_000
      ),
      (
        #"{"symbol":"ZZZZZ","qty":1,"side":"buy","type":"market","time_in_force":"day"}"#, 422,
        42_210_000
      ),
      (
        #"{"symbol":"AAPL","qty":1,"side":"buy","type":"limit","time_in_force":"day"}"#, 422,
        42_210_000
      ),
      // A bracket without its exits.
      (
        #"{"symbol":"AAPL","qty":1,"side":"buy","type":"market","time_in_force":"day","order_class":"bracket"}"#,
        422, 42_210_000
      ),
      // alpaca-py sends a bracket's legs even without order_class: refused, never dropped.
      (
        #"{"symbol":"AAPL","qty":1,"side":"buy","type":"market","time_in_force":"day","take_profit":{"limit_price":500}}"#,
        422, 42_210_000
      ),
      (#"{"symbol":"AAPL","qty":"#, 400, 40_010_001),
    ])
  func refusals(body: String, status: Int, code: Int) async throws {
    try await withAlpacaKey { client, key in
      let response = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
      #expect(response.status.code == status)
      #expect(response.alpacaError?.code == code)
    }
  }

  @Test("a client order id used twice is 422; unknown ids are 404")
  func duplicatesAndMissing() async throws {
    try await withAlpacaKey { client, key in
      let body =
        #"{"symbol":"KO","qty":1,"side":"buy","type":"limit","limit_price":1,"time_in_force":"gtc","client_order_id":"same"}"#
      _ = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
      let second = try await client.json(.post, "/v2/orders", body: body, headers: key.headers)
      #expect(second.status == .unprocessableContent)
      #expect(second.alpacaError?.message == "client_order_id must be unique")
      for uri in [
        "/v2/orders/\(UUID().uuidString)", "/v2/orders/not-a-uuid",
        "/v2/orders:by_client_order_id?client_order_id=nope", "/v2/no/such/endpoint",
      ] {
        let response = try await client.json(.get, uri, headers: key.headers)
        #expect(response.status == .notFound && response.alpacaError?.code == 40_410_000)
      }
    }
  }
}
