import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenTestSupport
import Testing

@testable import RavenServer

/// The portfolio reads the account through a cache: a user's own writes show at once on
/// the server that made them, another server's within a second.
@Suite("Accounts read through a cache")
struct AccountReadsTests {
  private func shares(_ client: some TestClientProtocol, _ browser: Browser) async throws
    -> [String: String]
  {
    let portfolio = try await client.json(
      .get, "/api/v1/portfolio", headers: browser.headers(csrf: false)
    ).object()
    let positions = try #require(portfolio["positions"] as? [[String: Any]])
    return Dictionary(
      uniqueKeysWithValues: positions.compactMap { position in
        (position["symbol"] as? String).map { ($0, position["shares"] as? String ?? "") }
      })
  }

  private func buy(_ client: some TestClientProtocol, _ browser: Browser, _ symbol: String)
    async throws
  {
    let bought = try await client.json(
      .post, "/api/v1/trades", body: #"{"symbol":"\#(symbol)","side":"buy","shares":"2"}"#,
      headers: browser.headers())
    #expect(bought.status == .created)
  }

  @Test("A trade shows in the portfolio at once here, and on another server within a second")
  func trades() async throws {
    try await TestServer.twoSharingADatabase { clock, one, other in
      let browser = try await one.signUp("kim")
      #expect(try await shares(one, browser).isEmpty)
      #expect(try await shares(other, browser).isEmpty)
      try await buy(one, browser, "KO")
      #expect(try await shares(one, browser) == ["KO": "2"])
      // The other server read the account moments ago.
      #expect(try await shares(other, browser).isEmpty)
      clock.advance(by: 1)
      #expect(try await shares(other, browser) == ["KO": "2"])
      // An order, and a sale through the Alpaca-compatible API's keys, likewise.
      let order = try await one.json(
        .post, "/api/v1/orders", body: #"{"symbol":"PFE","side":"buy","qty":"1"}"#,
        headers: browser.headers())
      #expect(order.status == .created)
      #expect(try await shares(one, browser) == ["KO": "2", "PFE": "1"])
      let key = try await one.createKey(browser)
      let sold = try await one.json(
        .delete, "/v2/positions/KO", headers: key.headers)
      #expect(sold.status == .ok)
      #expect(try await shares(one, browser) == ["PFE": "1"])
    }
  }

  @Test("A portfolio polled between price moves is the same answer; a move values it afresh")
  func encodedOnce() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      try await buy(client, browser, "AAPL")
      let first = try await client.json(
        .get, "/api/v1/portfolio", headers: browser.headers(csrf: false))
      clock.advance(by: 0.4)  // the same second's prices
      let again = try await client.json(
        .get, "/api/v1/portfolio", headers: browser.headers(csrf: false))
      #expect(again.text == first.text)
      #expect(again.headers[.contentType] == "application/json; charset=utf-8")
      clock.advance(by: 30)
      let later = try await client.json(
        .get, "/api/v1/portfolio", headers: browser.headers(csrf: false)
      ).object()
      let earlier = try first.object()
      #expect(later["asOf"] as? String == "2026-11-20T18:00:30Z")
      let price = { (body: [String: Any]) in
        ((body["positions"] as? [[String: Any]])?.first?["price"] as? String)
      }
      #expect(price(later) != nil && price(later) != price(earlier))
    }
  }
}
