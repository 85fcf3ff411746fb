import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import Testing

@testable import RavenServer

@Suite("Alpaca brokerage link, portfolio and trades")
struct BrokerageRouteTests {
  typealias Server = BrokerageTestServer

  @Test("a user who has not linked an account is told so, and trades on the ledger")
  func unlinked() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let status = try await client.json(.get, "/api/v1/brokerage", headers: browser.headers())
      #expect(try status.object()["linked"] as? Bool == false)
      #expect(status.text.contains(#""keyHint":null"#))
      let trade = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      #expect(trade.status == .created)
      #expect(((try trade.object()["trade"] as? [String: Any])?["status"] as? String) == "filled")
    }
    #expect(brokerage.calls == 0)
  }

  @Test("wrong keys are a 422 with a clear message, and nothing is linked")
  func wrongKeys() async throws {
    let app = try await Server.make(brokerage: Server.brokerage())
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .put, "/api/v1/brokerage", body: #"{"keyId":"PKWRONG","secretKey":"nope"}"#,
        headers: browser.headers())
      #expect(response.status == .unprocessableContent)
      #expect(response.errorCode == "invalid_brokerage_keys")
      #expect(response.errorMessage == "Alpaca did not accept this key ID and secret key")
      let empty = try await client.json(
        .put, "/api/v1/brokerage", body: #"{"keyId":" ","secretKey":"x"}"#,
        headers: browser.headers())
      #expect(empty.status == .unprocessableContent && empty.errorCode == "invalid_brokerage_keys")
      let status = try await client.json(.get, "/api/v1/brokerage", headers: browser.headers())
      #expect(try status.object()["linked"] as? Bool == false)
    }
  }

  @Test("Alpaca unreachable while linking is a 503")
  func unreachable() async throws {
    let brokerage = Server.brokerage()
    brokerage.fail(with: .unavailable("connection refused"))
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      #expect(response.status == .serviceUnavailable)
      #expect(response.errorCode == "brokerage_unavailable")
    }
  }

  @Test("linking needs the CSRF token like every change")
  func csrf() async throws {
    let app = try await Server.make(brokerage: Server.brokerage())
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let response = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers(csrf: false))
      #expect(response.status == .forbidden)
    }
  }

  @Test(
    "a linked user's portfolio, trades and history come from the brokerage; unlinking returns them to their untouched ledger"
  )
  func linkedLifecycle() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let ledgerBuy = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      #expect(ledgerBuy.status == .created)
      let ledger = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()

      let linked = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      #expect(linked.status == .ok)
      let status = try linked.object()
      #expect(status["linked"] as? Bool == true)
      #expect(status["provider"] as? String == "alpaca")
      #expect(status["keyHint"] as? String == "…WXYZ")
      #expect((status["account"] as? [String: Any])?["accountNumber"] as? String == "PA0000FAKE")
      #expect((status["account"] as? [String: Any])?["cash"] as? String == "10000.00")

      let whole = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"2"}"#,
        headers: browser.headers())
      #expect(whole.status == .created)
      let receipt = try whole.object()
      let trade = try #require(receipt["trade"] as? [String: Any])
      #expect(trade["status"] as? String == "filled")
      #expect(trade["price"] as? String == "190.00")
      #expect(trade["amount"] as? String == "380.00")
      #expect(receipt["cash"] as? String == "9620.00")
      let fractional = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"TSLA","side":"buy","shares":"0.5"}"#,
        headers: browser.headers())
      #expect(fractional.status == .created)

      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect(portfolio["cash"] as? String == "9499.75")
      #expect(portfolio["netWorth"] as? String == "10000.00")
      let positions = try #require(portfolio["positions"] as? [[String: Any]])
      #expect(positions.map { $0["symbol"] as? String } == ["AAPL", "TSLA"])
      #expect(positions.map { $0["shares"] as? String } == ["2", "0.5"])
      #expect(positions.first?["name"] as? String == "Apple Inc")

      let history = try await client.json(
        .get, "/api/v1/portfolio/history?range=1D", headers: browser.headers()
      ).object()
      #expect((history["points"] as? [[String: Any]])?.count == 2)
      #expect(history["baseline"] as? String == "10000.00")

      let list = try await client.json(.get, "/api/v1/trades", headers: browser.headers()).object()
      let trades = try #require(list["trades"] as? [[String: Any]])
      #expect(trades.map { $0["symbol"] as? String } == ["TSLA", "AAPL"])

      let unlinked = try await client.json(
        .delete, "/api/v1/brokerage", headers: browser.headers())
      #expect(unlinked.status == .noContent)
      let back = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
        .object()
      #expect(Self.withoutTime(back) == Self.withoutTime(ledger))
      let ledgerTrades = try await client.json(.get, "/api/v1/trades", headers: browser.headers())
        .object()
      #expect(
        (ledgerTrades["trades"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["KO"])
    }
  }

  @Test(
    "the brokerage's refusals read exactly as the ledger's",
    arguments: [
      (
        #"{"symbol":"AAPL","side":"buy","shares":"1000"}"#, 422, "insufficient_funds",
        "Not enough money to buy"
      ),
      (
        #"{"symbol":"TSLA","side":"sell","shares":"1"}"#, 422, "insufficient_shares",
        "Not enough shares to sell"
      ),
      (#"{"symbol":"MSFT","side":"buy","shares":"1"}"#, 404, "unknown_symbol", "Unknown symbol"),
      (
        #"{"symbol":"AAPL","side":"buy","shares":"0"}"#, 422, "non_positive_buy",
        "Cannot buy non-positive shares"
      ),
      (
        #"{"symbol":"AAPL","side":"buy","shares":"abc"}"#, 422, "invalid_amount",
        "Please enter a valid amount"
      ),
    ])
  func refusals(body: String, status: Int, code: String, message: String) async throws {
    let app = try await Server.make(brokerage: Server.brokerage())
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      let response = try await client.json(
        .post, "/api/v1/trades", body: body, headers: browser.headers())
      #expect(response.status.code == status)
      #expect(response.errorCode == code)
      #expect(response.errorMessage == message)
    }
  }

  @Test("an order not yet filled shows its status until it fills")
  func pendingOrder() async throws {
    let brokerage = Server.brokerage()
    brokerage.setFillsAtOnce(false)
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      let placed = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      let trade = try #require(try placed.object()["trade"] as? [String: Any])
      #expect(trade["status"] as? String == "accepted")
      #expect(trade["price"] as? String == "0.00" || trade["price"] as? String == "0")
      let id = try #require(trade["id"] as? String)
      let pending = try await client.json(
        .get, "/api/v1/brokerage/orders/\(id)", headers: browser.headers()
      ).object()
      #expect(pending["status"] as? String == "accepted")
      brokerage.fillOrders()
      let filled = try await client.json(
        .get, "/api/v1/brokerage/orders/\(id)", headers: browser.headers()
      ).object()
      #expect(filled["status"] as? String == "filled")
      #expect(filled["price"] as? String == "190.00")
      let missing = try await client.json(
        .get, "/api/v1/brokerage/orders/nope", headers: browser.headers())
      #expect(missing.status == .notFound)
    }
  }

  @Test("a retried order with the same Idempotency-Key is placed once")
  func idempotentOrder() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      var headers = browser.headers()
      headers[.init("Idempotency-Key")!] = "retry-me"
      let body = #"{"symbol":"AAPL","side":"buy","shares":"1"}"#
      let first = try await client.json(.post, "/api/v1/trades", body: body, headers: headers)
      let second = try await client.json(.post, "/api/v1/trades", body: body, headers: headers)
      #expect(first.status == .created && second.status == .created)
      #expect(second.headers[.init("Idempotent-Replayed")!] == "true")
      #expect(brokerage.account(keyID: Server.keyID)?.placedOrders.count == 1)
    }
  }

  @Test("orders page newest first with a cursor")
  func orderPages() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      for _ in 0..<3 {
        _ = try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
          headers: browser.headers())
      }
      let first = try await client.json(.get, "/api/v1/trades?limit=2", headers: browser.headers())
        .object()
      #expect((first["trades"] as? [Any])?.count == 2)
      #expect(first["nextCursor"] is String)
    }
  }

  /// The portfolio without its `asOf` instant, to compare two answers.
  static func withoutTime(_ object: [String: Any]) -> NSDictionary {
    var object = object
    object["asOf"] = nil
    return object as NSDictionary
  }
}
