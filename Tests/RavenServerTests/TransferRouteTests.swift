import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// Deposits and withdrawals through Raven's API and in Alpaca's activities (issue 35).
@Suite("Transfer routes")
struct TransferRouteTests {
  static let path = "/api/v1/portfolio/transfers"

  @Test("A deposit and a withdrawal: cash moves, each is an activity, a key moves money once")
  func depositAndWithdrawal() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      var headers = browser.headers()
      headers[HTTPField.Name("Idempotency-Key")!] = "deposit-1"
      let deposit = try await client.json(
        .post, Self.path, body: #"{"amount":"1000.00","direction":"deposit"}"#, headers: headers)
      #expect(deposit.status == .created)
      let body = try deposit.object()
      #expect(body["cash"] as? String == "26000.00")
      let transfer = try #require(body["transfer"] as? [String: Any])
      #expect(
        transfer["direction"] as? String == "deposit" && transfer["amount"] as? String == "1000.00")
      let again = try await client.json(
        .post, Self.path, body: #"{"amount":"1000.00","direction":"deposit"}"#, headers: headers)
      #expect(
        again.status == .created && again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
      #expect(try again.object()["cash"] as? String == "26000.00")
      // The same key with another amount or direction is another request: refused, and
      // nothing moves (answering the first would say the second was done).
      for other in [
        #"{"amount":"999.00","direction":"deposit"}"#,
        #"{"amount":"1000.00","direction":"withdrawal"}"#,
      ] {
        let reused = try await client.json(.post, Self.path, body: other, headers: headers)
        #expect(reused.status == .unprocessableContent, "\(other)")
        #expect(reused.errorCode == "idempotency_key_reused", "\(other)")
        #expect(try reused.object().description.contains("a deposit of $1000.00"))
      }

      let withdrawal = try await client.json(
        .post, Self.path, body: #"{"amount":250.5,"direction":"withdrawal"}"#,
        headers: browser.headers())
      #expect(withdrawal.status == .created)
      #expect(try withdrawal.object()["cash"] as? String == "25749.50")

      let list = try await client.json(.get, Self.path, headers: browser.headers()).object()
      let transfers = try #require(list["transfers"] as? [[String: Any]])
      #expect(transfers.map { $0["direction"] as? String } == ["deposit", "withdrawal"])
      #expect(transfers.map { $0["amount"] as? String } == ["1000.00", "250.50"])

      let activities = try await client.json(
        .get, "/api/v1/activities", headers: browser.headers()
      ).object()
      let rows = try #require(activities["activities"] as? [[String: Any]])
      #expect(rows.map { $0["kind"] as? String } == ["withdrawal", "deposit"])
      #expect(rows.map { $0["amount"] as? String } == ["-250.50", "1000.00"])
      #expect(rows.allSatisfy { $0["symbol"] is NSNull && $0["shares"] is NSNull })
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
      #expect(try portfolio.object()["cash"] as? String == "25749.50")
    }
  }

  @Test("Bad amounts and directions, too large a withdrawal: clear refusals, nothing moved")
  func refusals() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      for amount in [#""0""#, #""-5""#, #""1.001""#, #""10000000.01""#, #""abc""#, "null"] {
        let refused = try await client.json(
          .post, Self.path, body: #"{"amount":\#(amount),"direction":"deposit"}"#,
          headers: browser.headers())
        #expect(refused.status == .unprocessableContent, "\(amount)")
        #expect(refused.errorCode == "invalid_amount", "\(amount)")
      }
      let tooMuch = try await client.json(
        .post, Self.path, body: #"{"amount":"25000.01","direction":"withdrawal"}"#,
        headers: browser.headers())
      #expect(tooMuch.status == .unprocessableContent && tooMuch.errorCode == "insufficient_funds")
      let largest = try await client.json(
        .post, Self.path, body: #"{"amount":"10000000.00","direction":"deposit"}"#,
        headers: browser.headers())
      #expect(largest.status == .created)
      let sideways = try await client.json(
        .post, Self.path, body: #"{"amount":"5","direction":"sideways"}"#,
        headers: browser.headers())
      #expect(sideways.status == .badRequest && sideways.errorCode == "invalid_direction")
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
      #expect(try portfolio.object()["cash"] as? String == "10025000.00")
      let signedOut = try await client.json(
        .post, Self.path, body: #"{"amount":"5","direction":"deposit"}"#)
      #expect(signedOut.status == .unauthorized)
    }
  }

  @Test("A margin account withdraws its equity above the initial margin, never a short's proceeds")
  func marginWithdrawal() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      let configured = try await client.json(
        .patch, "/v2/account/configurations",
        body: #"{"max_margin_multiplier":"4","no_shorting":false}"#, headers: key.headers)
      #expect(configured.status == .ok)
      let short = try await client.json(
        .post, "/v2/orders",
        body: #"{"symbol":"AAPL","qty":"50","side":"sell","type":"market","time_in_force":"day"}"#,
        headers: key.headers)
      #expect(short.status == .ok)
      let portfolio = try await client.json(
        .get, "/api/v1/portfolio", headers: browser.headers()
      ).object()
      let cash = try #require(portfolio["cash"] as? String)
      let refused = try await client.json(
        .post, Self.path, body: #"{"amount":"\#(cash)","direction":"withdrawal"}"#,
        headers: browser.headers())
      #expect(refused.status == .unprocessableContent && refused.errorCode == "insufficient_funds")
      let small = try await client.json(
        .post, Self.path, body: #"{"amount":"100","direction":"withdrawal"}"#,
        headers: browser.headers())
      #expect(small.status == .created)
    }
  }

  @Test("Alpaca's activities list a deposit as CSD and a withdrawal as CSW")
  func alpacaActivities() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      for (amount, direction) in [("500.00", "deposit"), ("20.00", "withdrawal")] {
        let moved = try await client.json(
          .post, Self.path, body: #"{"amount":"\#(amount)","direction":"\#(direction)"}"#,
          headers: browser.headers())
        #expect(moved.status == .created)
        clock.advance(by: 60)
      }
      let all = try await client.json(.get, "/v2/account/activities", headers: key.headers).array()
      #expect(all.map { $0["activity_type"] as? String } == ["CSW", "CSD"])
      #expect(all.map { $0["net_amount"] as? String } == ["-20.00", "500.00"])
      let deposits = try await client.json(
        .get, "/v2/account/activities/CSD", headers: key.headers
      ).array()
      #expect(deposits.count == 1 && deposits.first?["status"] as? String == "executed")
      // In Alpaca's portfolio history a deposit is neither profit nor return, and is listed
      // as a cash flow when asked for.
      let history = try await client.json(
        .get, "/v2/account/portfolio/history?period=1D&cashflow_types=ALL", headers: key.headers
      ).object()
      let profits = try #require(history["profit_loss"] as? [NSNumber])
      #expect(profits.allSatisfy { $0.doubleValue == 0 }, "\(profits)")
      let percents = try #require(history["profit_loss_pct"] as? [NSNumber])
      #expect(percents.allSatisfy { $0.doubleValue == 0 })
      let equity = try #require(history["equity"] as? [NSNumber])
      #expect(equity.last?.doubleValue == 25_480)
      let cashflow = try #require(history["cashflow"] as? [String: [NSNumber]])
      #expect(cashflow["CSD"]?.map(\.doubleValue).reduce(0, +) == 500)
      #expect(cashflow["CSW"]?.map(\.doubleValue).reduce(0, +) == -20)
      let plain = try await client.json(
        .get, "/v2/account/portfolio/history?period=1D", headers: key.headers
      ).object()
      #expect((plain["cashflow"] as? [String: Any])?.isEmpty == true)
    }
  }
}

@Suite("Transfers on a linked Alpaca account")
struct LinkedTransferRouteTests {
  typealias Server = BrokerageTestServer

  @Test("A linked account's cash is Alpaca's: 409 linked_account, and no transfers listed")
  func linkedAccount() async throws {
    let app = try await Server.make(brokerage: Server.brokerage())
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let link = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      #expect(link.status == .ok)
      let refused = try await client.json(
        .post, TransferRouteTests.path, body: #"{"amount":"10","direction":"deposit"}"#,
        headers: browser.headers())
      #expect(refused.status == .conflict && refused.errorCode == "linked_account")
      let list = try await client.json(.get, TransferRouteTests.path, headers: browser.headers())
      #expect((try list.object()["transfers"] as? [Any])?.isEmpty == true)
    }
  }
}
