import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Several paper accounts per person: opened, named, chosen with `?account=`, reset and
/// closed, each with its own books and keys.
@Suite("Accounts")
struct AccountsRouteTests {
  @Test(
    "a user starts with Individual; accounts are opened, renamed and refused in words",
    arguments: TestStore.available)
  func openAndName(_ kind: TestStore) async throws {
    try await kind.with { store, services in
      let app = try await TestServer.make(store: store, services: services)
      try await app.test(.router) { client in
        let browser = try await client.signUp()
        let list = try await client.accounts(browser)
        #expect(list.count == 1)
        #expect(list[0]["name"] as? String == "Individual" && list[0]["isDefault"] as? Bool == true)
        #expect(
          list[0]["kind"] as? String == "paper" && list[0]["startingCash"] as? String == "25000.00")

        let swing = try await client.json(
          .post, "/api/v1/accounts", body: #"{"name":" Swing ","startingCash":"1000.50"}"#,
          headers: browser.headers())
        #expect(swing.status == .created)
        let created = try swing.object()
        #expect(
          created["name"] as? String == "Swing" && created["startingCash"] as? String == "1000.50")
        #expect(created["isDefault"] as? Bool == false && created["closedAt"] == nil)
        let id = try #require(created["id"] as? String)
        let shown = try await client.json(
          .get, "/api/v1/accounts/\(id)", headers: browser.headers())
        #expect(try shown.object()["name"] as? String == "Swing")
        // The server's starting cash when none is asked for.
        let plain = try await client.json(
          .post, "/api/v1/accounts", body: #"{"name":"Plain"}"#, headers: browser.headers())
        #expect(try plain.object()["startingCash"] as? String == "25000.00")

        for (body, status, code) in [
          (#"{"name":"swing"}"#, HTTPResponse.Status.conflict, "name_taken"),
          (#"{"name":""}"#, .unprocessableContent, "invalid_name"),
          (
            #"{"name":"\#(String(repeating: "x", count: 41))"}"#, .unprocessableContent,
            "invalid_name"
          ),
          (#"{"name":"Cents","startingCash":"1.234"}"#, .unprocessableContent, "invalid_amount"),
          (#"{"name":"Less","startingCash":"-1"}"#, .unprocessableContent, "invalid_amount"),
          (
            #"{"name":"More","startingCash":"10000000.01"}"#, .unprocessableContent,
            "invalid_amount"
          ),
          (#"{"name":"Words","startingCash":"lots"}"#, .unprocessableContent, "invalid_amount"),
        ] {
          let refused = try await client.json(
            .post, "/api/v1/accounts", body: body, headers: browser.headers())
          #expect(refused.status == status && refused.errorCode == code, "\(body)")
        }
        let most = try await client.json(
          .post, "/api/v1/accounts", body: #"{"name":"Most","startingCash":"10000000"}"#,
          headers: browser.headers())
        #expect(most.status == .created)

        let renamed = try await client.json(
          .patch, "/api/v1/accounts/\(id)", body: #"{"name":"Momentum"}"#,
          headers: browser.headers())
        #expect(try renamed.object()["name"] as? String == "Momentum")
        let taken = try await client.json(
          .patch, "/api/v1/accounts/\(id)", body: #"{"name":"INDIVIDUAL"}"#,
          headers: browser.headers())
        #expect(taken.status == .conflict && taken.errorCode == "name_taken")
        #expect(
          try await client.accounts(browser).map { $0["name"] as? String } == [
            "Individual", "Momentum", "Plain", "Most",
          ])
      }
    }
  }

  @Test(
    "at most 20 open accounts; the last one and one with open orders cannot be closed",
    arguments: TestStore.available)
  func limitsAndClosing(_ kind: TestStore) async throws {
    try await kind.with { store, services in
      let app = try await TestServer.make(store: store, services: services)
      try await app.test(.router) { client in
        let browser = try await client.signUp()
        var ids: [String] = []
        for number in 2...20 {
          ids.append(try await client.openAccount(browser, "Account \(number)"))
        }
        let over = try await client.json(
          .post, "/api/v1/accounts", body: #"{"name":"Twenty-one"}"#, headers: browser.headers())
        #expect(over.status == .conflict && over.errorCode == "too_many_accounts")

        let busy = ids[0]
        let order = try await client.json(
          .post, "/api/v1/orders?account=\(busy)",
          body:
            #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"1","limitPrice":"1.00","timeInForce":"gtc"}"#,
          headers: browser.headers())
        #expect(order.status == .created)
        let refused = try await client.json(
          .delete, "/api/v1/accounts/\(busy)", headers: browser.headers())
        #expect(refused.status == .conflict && refused.errorCode == "open_orders")
        let orderID = try #require(try order.object()["id"] as? String)
        _ = try await client.json(
          .delete, "/api/v1/orders/\(orderID)?account=\(busy)", headers: browser.headers())
        let closed = try await client.json(
          .delete, "/api/v1/accounts/\(busy)", headers: browser.headers())
        #expect(closed.status == .noContent)
        // Closed: listed last, readable, not tradable, not closable again.
        let list = try await client.accounts(browser)
        #expect(list.last?["id"] as? String == busy && list.last?["closedAt"] != nil)
        let orders = try await client.json(
          .get, "/api/v1/orders?account=\(busy)&status=all", headers: browser.headers())
        #expect(orders.status == .ok)
        let late = try await client.json(
          .post, "/api/v1/trades?account=\(busy)",
          body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
          headers: browser.headers())
        #expect(late.status == .conflict && late.errorCode == "account_closed")
        // With one closed there is room for another.
        _ = try await client.openAccount(browser, "Replacement")

        for id in ids.dropFirst() {
          let response = try await client.json(
            .delete, "/api/v1/accounts/\(id)", headers: browser.headers())
          #expect(response.status == .noContent)
        }
        let open = try await client.accounts(browser).filter { $0["closedAt"] == nil }
        #expect(open.count == 2)
        let individual = try #require(open.first?["id"] as? String)
        #expect(
          try await client.json(
            .delete, "/api/v1/accounts/\(individual)", headers: browser.headers()
          )
          .status == .noContent)
        let last = try #require(try await client.accounts(browser).first?["id"] as? String)
        let refusedLast = try await client.json(
          .delete, "/api/v1/accounts/\(last)", headers: browser.headers())
        #expect(refusedLast.status == .conflict && refusedLast.errorCode == "last_account")
      }
    }
  }

  @Test(
    "every account-scoped route answers for the account named, and 404 for another user's",
    arguments: TestStore.available)
  func isolation(_ kind: TestStore) async throws {
    try await kind.with { store, services in
      try await isolation(on: TestServer.make(store: store, services: services))
    }
  }

  private func isolation(on app: some ApplicationProtocol) async throws {
    try await app.test(.router) { client in
      let alice = try await client.signUp()
      let bob = try await client.signUp()
      let alicesFirst = try #require(try await client.accounts(alice).first?["id"] as? String)
      let second = try await client.openAccount(alice, "Second", cash: "2000")
      let bobs = try #require(try await client.accounts(bob).first?["id"] as? String)

      // Alice trades in her second account only.
      let bought = try await client.json(
        .post, "/api/v1/trades?account=\(second)",
        body: #"{"symbol":"AAPL","side":"buy","shares":"2"}"#,
        headers: alice.headers())
      #expect(bought.status == .created)
      let goal = try await client.json(
        .post, "/api/v1/goals?account=\(second)",
        body: #"{"title":"Car","target":"1000","allocations":[{"symbol":"AAPL","shares":"1"}]}"#,
        headers: alice.headers())
      #expect(goal.status == .created)
      let goalID = try #require(try goal.object()["id"] as? String)
      let resting = try await client.json(
        .post, "/api/v1/orders?account=\(second)",
        body:
          #"{"symbol":"MSFT","side":"buy","type":"limit","qty":"1","limitPrice":"1.00","timeInForce":"gtc"}"#,
        headers: alice.headers())
      let orderID = try #require(try resting.object()["id"] as? String)

      let secondPortfolio = try await client.json(
        .get, "/api/v1/portfolio?account=\(second)", headers: alice.headers()
      ).object()
      #expect((secondPortfolio["positions"] as? [Any])?.count == 1)
      let firstPortfolio = try await client.json(
        .get, "/api/v1/portfolio", headers: alice.headers()
      ).object()
      #expect((firstPortfolio["positions"] as? [Any])?.isEmpty == true)
      #expect(firstPortfolio["cash"] as? String == "25000.00")
      let named = try await client.json(
        .get, "/api/v1/portfolio?account=\(alicesFirst)", headers: alice.headers()
      ).object()
      #expect(named["cash"] as? String == "25000.00")

      // The routes of Alice's second account, tried on her first and with Bob's id.
      let routes: [(HTTPRequest.Method, String, String?)] = [
        (.get, "/api/v1/portfolio", nil),
        (.put, "/api/v1/portfolio/order", #"{"symbols":["AAPL"]}"#),
        (.get, "/api/v1/portfolio/history?range=1W", nil),
        (.post, "/api/v1/trades", #"{"symbol":"AAPL","side":"sell","shares":"1"}"#),
        (.get, "/api/v1/trades", nil),
        (.post, "/api/v1/orders", #"{"symbol":"AAPL","side":"sell","qty":"1"}"#),
        (.get, "/api/v1/orders", nil),
        (.get, "/api/v1/orders/\(orderID)", nil),
        (.patch, "/api/v1/orders/\(orderID)", #"{"limitPrice":"2.00"}"#),
        (.delete, "/api/v1/orders/\(orderID)", nil),
        (.get, "/api/v1/goals", nil),
        (.post, "/api/v1/goals", #"{"title":"X","target":"10","allocations":[]}"#),
        (.get, "/api/v1/goals/\(goalID)", nil),
        (.patch, "/api/v1/goals/\(goalID)", #"{"target":"20"}"#),
        (.delete, "/api/v1/goals/\(goalID)", nil),
        (.get, "/api/v1/accounts/\(bobs)", nil),
      ]
      for (method, path, body) in routes {
        let separator = path.contains("?") ? "&" : "?"
        let foreign =
          path.hasPrefix("/api/v1/accounts/")
          ? path : "\(path)\(separator)account=\(bobs)"
        let response = try await client.json(method, foreign, body: body, headers: alice.headers())
        #expect(
          response.status == .notFound && response.errorCode == "account_not_found",
          "\(method) \(foreign): \(response.status)")
        let garbled = try await client.json(
          method, "\(path)\(separator)account=not-an-id", body: body, headers: alice.headers())
        #expect(garbled.status == .notFound, "\(method) \(path) with a garbled id")
      }
      // Alice's first account sees none of the second's orders, trades or goals.
      for path in ["/api/v1/orders?status=all", "/api/v1/trades", "/api/v1/goals"] {
        let response = try await client.json(
          .get, "\(path)\(path.contains("?") ? "&" : "?")account=\(alicesFirst)",
          headers: alice.headers())
        let object = try response.object()
        let items = (object["orders"] ?? object["trades"] ?? object["goals"]) as? [Any]
        #expect(items?.isEmpty == true, "\(path)")
      }
      let missing = try await client.json(
        .get, "/api/v1/orders/\(orderID)?account=\(alicesFirst)", headers: alice.headers())
      #expect(missing.status == .notFound)
      // Bob's own books are untouched.
      let bobsPortfolio = try await client.json(
        .get, "/api/v1/portfolio", headers: bob.headers()
      ).object()
      #expect(bobsPortfolio["cash"] as? String == "25000.00")
    }
  }

  @Test(
    "a reset cancels resting orders with reason reset, starts afresh, and keeps the key working",
    arguments: TestStore.available)
  func reset(_ kind: TestStore) async throws {
    try await kind.with { store, services in
      let app = try await TestServer.make(store: store, services: services)
      try await app.test(.router) { client in
        let browser = try await client.signUp()
        let bot = try await client.openAccount(browser, "Bot", cash: "5000")
        let key = try await client.createKey(browser, accountID: bot)
        let account = try await client.json(.get, "/v2/account", headers: key.headers).object()
        #expect(
          account["id"] as? String == bot.lowercased() && account["cash"] as? String == "5000")

        _ = try await client.json(
          .post, "/v2/orders",
          body: #"{"symbol":"AAPL","qty":"1","side":"buy","type":"market","time_in_force":"day"}"#,
          headers: key.headers)
        let resting = try await client.json(
          .post, "/v2/orders",
          body:
            #"{"symbol":"MSFT","qty":"1","side":"buy","type":"limit","limit_price":"1.00","time_in_force":"gtc"}"#,
          headers: key.headers)
        let restingID = try #require(try resting.object()["id"] as? String)

        for body in [#"{"startingCash":"1.001"}"#, #"{"startingCash":"20000000"}"#] {
          let refused = try await client.json(
            .post, "/api/v1/accounts/\(bot)/reset", body: body, headers: browser.headers())
          #expect(refused.status == .unprocessableContent && refused.errorCode == "invalid_amount")
        }
        let reset = try await client.json(
          .post, "/api/v1/accounts/\(bot)/reset", body: #"{"startingCash":"1000.00"}"#,
          headers: browser.headers())
        #expect(reset.status == .ok)
        #expect(try reset.object()["startingCash"] as? String == "1000.00")

        let canceled = try await client.json(.get, "/v2/orders/\(restingID)", headers: key.headers)
          .object()
        #expect(canceled["status"] as? String == "canceled")
        let after = try await client.json(.get, "/v2/account", headers: key.headers).object()
        #expect(after["cash"] as? String == "1000" && after["equity"] as? String == "1000")
        let positions = try await client.json(.get, "/v2/positions", headers: key.headers)
        #expect(positions.text == "[]")
        // The old period's orders stay readable; the key trades the new one.
        let all = try await client.json(.get, "/v2/orders?status=all", headers: key.headers)
        #expect(try all.array().count == 2)
        let next = try await client.json(
          .post, "/v2/orders",
          body: #"{"symbol":"AAPL","qty":"1","side":"buy","type":"market","time_in_force":"day"}"#,
          headers: key.headers)
        #expect(next.status == .ok)
        let order = try await client.json(
          .get, "/api/v1/orders/\(restingID.uppercased())?account=\(bot)",
          headers: browser.headers()
        ).object()
        #expect(order["reason"] as? String == "reset")
      }
    }
  }

  @Test(
    "a key belongs to the account it names; closing that account revokes it",
    arguments: TestStore.available)
  func keysPerAccount(_ kind: TestStore) async throws {
    try await kind.with { store, services in
      let app = try await TestServer.make(store: store, services: services)
      try await app.test(.router) { client in
        let browser = try await client.signUp()
        let first = try #require(try await client.accounts(browser).first?["id"] as? String)
        let second = try await client.openAccount(browser, "Second", cash: "100")
        let firstKey = try await client.createKey(browser)
        let secondKey = try await client.createKey(browser, accountID: second)
        let one = try await client.json(.get, "/v2/account", headers: firstKey.headers).object()
        let two = try await client.json(.get, "/v2/account", headers: secondKey.headers).object()
        #expect(one["id"] as? String == first.lowercased())
        #expect(two["id"] as? String == second.lowercased() && two["cash"] as? String == "100")
        let keys =
          try await client.json(.get, "/api/v1/auth/api-keys", headers: browser.headers())
          .object()["keys"] as? [[String: Any]]
        let owners = Dictionary(
          uniqueKeysWithValues: (keys ?? []).map {
            ($0["keyId"] as? String ?? "", $0["accountId"] as? String ?? "")
          })
        #expect(owners == [firstKey.keyID: first, secondKey.keyID: second])

        let other = try await client.signUp()
        let foreign = try await client.json(
          .post, "/api/v1/auth/api-keys", body: #"{"name":"x","accountId":"\#(second)"}"#,
          headers: other.headers())
        #expect(foreign.status == .notFound && foreign.errorCode == "account_not_found")

        let closed = try await client.json(
          .delete, "/api/v1/accounts/\(second)", headers: browser.headers())
        #expect(closed.status == .noContent)
        let revoked = try await client.json(.get, "/v2/account", headers: secondKey.headers)
        #expect(revoked.status == .unauthorized)
        #expect(
          try await client.json(.get, "/v2/account", headers: firstKey.headers).status == .ok)
      }
    }
  }
}

extension TestClientProtocol {
  /// The user's accounts as listed.
  func accounts(_ browser: Browser) async throws -> [[String: Any]] {
    let response = try await json(.get, "/api/v1/accounts", headers: browser.headers())
    return try #require(try response.object()["accounts"] as? [[String: Any]])
  }

  /// Opens a paper account; returns its id.
  func openAccount(_ browser: Browser, _ name: String, cash: String = "25000") async throws
    -> String
  {
    let response = try await json(
      .post, "/api/v1/accounts", body: #"{"name":"\#(name)","startingCash":"\#(cash)"}"#,
      headers: browser.headers())
    #expect(response.status == .created)
    return try #require(try response.object()["id"] as? String)
  }
}
