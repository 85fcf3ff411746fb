import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// `/api/v1/orders` on a linked Alpaca account: the same routes, bodies and refusal codes as
/// on the built-in account, the orders held and filled by the brokerage.
@Suite("Orders on a linked Alpaca account")
struct LinkedOrderRouteTests {
  typealias Server = BrokerageTestServer

  /// Runs `body` for a signed-in user whose account is linked to `brokerage`.
  func withLinkedUser(
    _ brokerage: FakeBrokerage,
    _ body: @Sendable (any TestClientProtocol, Browser) async throws -> Void
  ) async throws {
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let link = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      #expect(link.status == .ok)
      try await body(client, browser)
    }
  }

  @Test("a limit order rests at the brokerage, is listed, replaced and canceled")
  func restingOrderLifecycle() async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"180.00","timeInForce":"gtc","clientOrderId":"bot-1"}"#,
        headers: browser.headers())
      #expect(placed.status == .created)
      let order = try placed.object()
      #expect(order["status"] as? String == "new" && order["clientOrderId"] as? String == "bot-1")
      let id = try #require(order["id"] as? String)
      #expect(
        brokerage.account(keyID: Server.keyID)?.placedOrders.first?.limitPrice == Price("180.00"))

      let open = try await client.json(
        .get, "/api/v1/orders?status=open&symbol=AAPL", headers: browser.headers())
      let listed = try #require(try open.object()["orders"] as? [[String: Any]])
      #expect(listed.map { $0["id"] as? String } == [id])

      let replaced = try await client.json(
        .patch, "/api/v1/orders/\(id)", body: #"{"qty":"5","limitPrice":"185.00"}"#,
        headers: browser.headers())
      #expect(replaced.status == .ok)
      let new = try replaced.object()
      #expect(new["replaces"] as? String == id && new["qty"] as? String == "5")
      #expect(new["limitPrice"] as? String == "185.00")
      let old = try await client.json(.get, "/api/v1/orders/\(id)", headers: browser.headers())
      #expect(try old.object()["status"] as? String == "replaced")

      let newID = try #require(new["id"] as? String)
      let cancel = try await client.json(
        .delete, "/api/v1/orders/\(newID)", headers: browser.headers())
      #expect(cancel.status == .noContent)
      let again = try await client.json(
        .delete, "/api/v1/orders/\(newID)", headers: browser.headers())
      #expect(again.status == .unprocessableContent)
      #expect(again.errorCode == "order_not_cancelable")
      let replaceEnded = try await client.json(
        .patch, "/api/v1/orders/\(newID)", body: #"{"qty":"1"}"#, headers: browser.headers())
      #expect(replaceEnded.errorCode == "order_not_replaceable")

      let all = try await client.json(.get, "/api/v1/orders?status=all", headers: browser.headers())
      let statuses = try #require(try all.object()["orders"] as? [[String: Any]]).map {
        $0["status"] as? String
      }
      #expect(statuses == ["canceled", "replaced"])
    }
  }

  @Test("a market order for a dollar amount fills at the brokerage's price")
  func notionalMarketOrder() async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      let placed = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"buy","notional":"95.00"}"#,
        headers: browser.headers())
      #expect(placed.status == .created)
      let order = try placed.object()
      #expect(order["status"] as? String == "filled")
      #expect(order["filledQty"] as? String == "0.5")
      #expect(order["filledAvgPrice"] as? String == "190.00")
    }
    #expect(brokerage.account(keyID: Server.keyID)?.cash == Money("9905.00")!)
  }

  @Test(
    "refusals have the built-in account's codes",
    arguments: [
      (#"{"symbol":"AAPL","side":"buy","qty":"1000"}"#, "insufficient_funds"),
      (#"{"symbol":"TSLA","side":"sell","qty":"1"}"#, "insufficient_shares"),
      (#"{"symbol":"ZZZZ","side":"buy","qty":"1"}"#, "unknown_symbol"),
      // Checked by Raven before anything is sent, as on the built-in account.
      (#"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1"}"#, "missing_limit_price"),
      (#"{"symbol":"AAPL","side":"buy","qty":"0.5","timeInForce":"gtc"}"#, "invalid_time_in_force"),
      (
        #"{"symbol":"AAPL","side":"buy","qty":"1","orderClass":"bracket","takeProfit":{"limitPrice":"500"},"stopLoss":{"stopPrice":"1"}}"#,
        "unsupported_order_class"
      ),
    ])
  func refusals(body: String, code: String) async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      let response = try await client.json(
        .post, "/api/v1/orders", body: body, headers: browser.headers())
      #expect(response.status == .unprocessableContent)
      #expect(response.errorCode == code)
    }
    #expect(brokerage.account(keyID: Server.keyID)?.placedOrders.isEmpty == true)
  }

  @Test("a client order id used twice is refused, the first order kept")
  func duplicateClientOrderID() async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      let body =
        #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1","limitPrice":"150","clientOrderId":"same"}"#
      let first = try await client.json(
        .post, "/api/v1/orders", body: body, headers: browser.headers())
      #expect(first.status == .created)
      let second = try await client.json(
        .post, "/api/v1/orders", body: body, headers: browser.headers())
      #expect(second.status == .unprocessableContent)
      #expect(second.errorCode == "duplicate_client_order_id")
    }
    #expect(brokerage.account(keyID: Server.keyID)?.placedOrders.count == 1)
  }

  @Test("a missing order is 404; Alpaca unreachable is 503 and nothing is placed")
  func missingAndUnreachable() async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      let missing = try await client.json(
        .get, "/api/v1/orders/\(UUID().uuidString)", headers: browser.headers())
      #expect(missing.status == .notFound)
      brokerage.fail(with: .unavailable("connection refused"))
      let down = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"buy","qty":"1"}"#,
        headers: browser.headers())
      #expect(down.status == .serviceUnavailable)
      #expect(down.errorCode == "brokerage_unavailable")
      brokerage.fail(with: nil)
    }
    #expect(brokerage.account(keyID: Server.keyID)?.placedOrders.isEmpty == true)
  }

  @Test("a trailing stop keeps its kind of trail at Alpaca: switching it is refused in words")
  func trailKindKept() async throws {
    let brokerage = Server.brokerage()
    try await withLinkedUser(brokerage) { client, browser in
      _ = try await client.json(
        .post, "/api/v1/orders", body: #"{"symbol":"AAPL","side":"buy","qty":"10"}"#,
        headers: browser.headers())
      let placed = try await client.json(
        .post, "/api/v1/orders",
        body:
          #"{"symbol":"AAPL","side":"sell","type":"trailing_stop","qty":"10","trailPercent":"2","timeInForce":"gtc"}"#,
        headers: browser.headers())
      let id = try #require(try placed.object()["id"] as? String)
      let switched = try await client.json(
        .patch, "/api/v1/orders/\(id)", body: #"{"trailPrice":"3.00"}"#,
        headers: browser.headers())
      #expect(switched.status == .unprocessableContent)
      #expect(switched.errorCode == "linked_account_unsupported")
      #expect(switched.errorMessage?.contains("percent (trailPercent)") == true)
      let kept = try await client.json(
        .patch, "/api/v1/orders/\(id)", body: #"{"trailPercent":"3"}"#,
        headers: browser.headers())
      #expect(kept.status == .ok)
      #expect(try kept.object()["trailPercent"] as? String == "3")
    }
  }
}
