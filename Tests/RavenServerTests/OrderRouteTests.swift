import Foundation
import HummingbirdTesting
import RavenCore
import Testing

@Suite("Orders through the API")
struct OrderRouteTests {
  @Test("A limit order below the market rests, is listed, read and canceled once")
  func restingLimit() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"1.00","timeInForce":"gtc"}"#,
        headers: browser.headers())
      #expect(placed.status == .created)
      let order = try placed.object()
      #expect(order["status"] as? String == "new")
      #expect(order["limitPrice"] as? String == "1.00")
      #expect(order["filledQty"] as? String == "0")
      let id = try #require(order["id"] as? String)

      let open = try await client.json(
        .get, "/api/v1/orders?status=open", headers: browser.headers())
      let orders = try #require(try open.object()["orders"] as? [[String: Any]])
      #expect(orders.map { $0["id"] as? String } == [id])
      #expect(
        try await client.json(.get, "/api/v1/orders/\(id)", headers: browser.headers()).status
          == .ok)
      #expect(
        try await client.json(.get, "/api/v1/orders/not-a-uuid", headers: browser.headers()).status
          == .notFound)

      #expect(
        try await client.json(.delete, "/api/v1/orders/\(id)", headers: browser.headers()).status
          == .noContent)
      let again = try await client.json(.delete, "/api/v1/orders/\(id)", headers: browser.headers())
      #expect(again.status == .unprocessableContent)
      #expect(again.errorCode == "order_not_cancelable")
      let canceled = try await client.json(.get, "/api/v1/orders/\(id)", headers: browser.headers())
        .object()
      #expect(canceled["status"] as? String == "canceled")
    }
  }

  @Test("A market order during a session fills at once: a buy at the ask, a sale at the bid")
  func marketFills() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let quote = try await client.json(
        .get, "/api/v1/stocks/AAPL/quote", headers: browser.headers()
      ).object()
      let placed = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"buy","qty":"2"}"#,
        headers: browser.headers())
      let order = try placed.object()
      #expect(order["status"] as? String == "filled")
      #expect(order["filledAvgPrice"] as? String == quote["ask"] as? String)
      let sold = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"sell","qty":"2"}"#,
        headers: browser.headers()
      ).object()
      #expect(sold["status"] as? String == "filled")
      #expect(sold["filledAvgPrice"] as? String == quote["bid"] as? String)
      let trades = try await client.json(.get, "/api/v1/trades", headers: browser.headers())
        .object()
      #expect((trades["trades"] as? [Any])?.count == 2)
    }
  }

  @Test(
    "Refusals carry their stable code",
    arguments: [
      (#"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1"}"#, "missing_limit_price"),
      (#"{"symbol":"AAPL","side":"buy","type":"stop","qty":"1"}"#, "missing_stop_price"),
      (#"{"symbol":"AAPL","side":"buy","type":"trailing_stop","qty":"1"}"#, "invalid_trail"),
      (
        #"{"symbol":"AAPL","side":"buy","type":"limit","notional":"100","limitPrice":"1.00"}"#,
        "invalid_notional"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1","limitPrice":"1.001"}"#,
        "invalid_price_increment"
      ),
      (#"{"symbol":"AAPL","side":"buy","qty":"0"}"#, "invalid_qty"),
      (#"{"symbol":"AAPL","side":"buy","qty":"abc"}"#, "invalid_qty"),
      (#"{"symbol":"AAPL","side":"buy","qty":"0.5","timeInForce":"gtc"}"#, "invalid_time_in_force"),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"spread"}"#,
        "unsupported_order_class"
      ),
      (#"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"bracket"}"#, "invalid_exits"),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"bracket","takeProfit":{"limitPrice":"500"}}"#,
        "invalid_exits"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"bracket","takeProfit":{},"stopLoss":{"stopPrice":"1"}}"#,
        "invalid_exits"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1.5","orderClass":"bracket","takeProfit":{"limitPrice":"500"},"stopLoss":{"stopPrice":"1"}}"#,
        "invalid_exits"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","stopLoss":{"stopPrice":"1"}}"#,
        "invalid_exits"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"bracket","takeProfit":{"limitPrice":"1"},"stopLoss":{"stopPrice":"0.5"}}"#,
        "exit_across_entry"
      ),
      (#"{"symbol":"ZZZZZZ","side":"buy","qty":"1"}"#, "unknown_symbol"),
      (#"{"symbol":"AAPL","side":"buy","qty":"100000"}"#, "insufficient_funds"),
      (#"{"symbol":"AAPL","side":"sell","qty":"1"}"#, "insufficient_shares"),
    ])
  func refusals(body: String, code: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .post, "/api/v1/orders", body: body, headers: browser.headers())
      #expect(response.status == .unprocessableContent)
      #expect(response.errorCode == code)
    }
  }

  @Test("A client order ID is used once per account")
  func duplicateClientOrderID() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let body =
        #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1","limitPrice":"1.00","clientOrderId":"bot-1"}"#
      #expect(
        try await client.json(.post, "/api/v1/orders", body: body, headers: browser.headers())
          .status == .created)
      let again = try await client.json(
        .post, "/api/v1/orders", body: body, headers: browser.headers())
      #expect(again.status == .unprocessableContent)
      #expect(again.errorCode == "duplicate_client_order_id")
    }
  }
}
