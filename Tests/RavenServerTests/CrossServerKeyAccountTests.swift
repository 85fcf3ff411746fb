import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// An API key's read-only requests find its account in the account list a server read
/// moments ago (a bot's every call needs it); its other requests read the list afresh. What
/// that list may not know yet must still come out right (issue 38): a key made through
/// another server for an account made there, and an account closed through another server.
@Suite("API keys' accounts across servers")
struct CrossServerKeyAccountTests {
  @Test(
    "A key for an account made through one server works at once on the other; once the account closes there, the other refuses its orders",
    .timeLimit(.minutes(1)), arguments: TestStore.available)
  func keyAccountAcrossServers(kind: TestStore) async throws {
    try await kind.with { store, services in
      let clock = ManualWallClock(TestServer.midSession)
      let (one, two) = try CrossServerEventTests.notices(kind, store: store, clock: clock)
      let making = try await CrossServerEventTests.server(store: store, clock: clock, notices: one)
      let trading = try await CrossServerEventTests.server(
        store: store, clock: clock, notices: two, services: services)
      try await trading.test(.live) { bot in
        try await making.test(.live) { maker in
          await one.listening()
          await two.listening()
          let browser = try await maker.signUp()
          // The trading server reads the user's list through their first key.
          let first = try await maker.createKey(browser)
          #expect(try await bot.json(.get, "/v2/account", headers: first.headers).status == .ok)

          let created = try await maker.json(
            .post, "/api/v1/accounts", body: #"{"name":"Second"}"#, headers: browser.headers())
          #expect(created.status == .created)
          let accountID = try #require(try created.object()["id"] as? String)
          let second = try await maker.createKey(browser, name: "second", accountID: accountID)
          let account = try await bot.json(.get, "/v2/account", headers: second.headers)
          #expect(account.status == .ok)
          #expect((try account.object()["id"] as? String)?.lowercased() == accountID.lowercased())

          let order =
            #"{"symbol":"AAPL","qty":"1","side":"buy","type":"limit","limit_price":"1.00","time_in_force":"day"}"#
          let placed = try await bot.json(.post, "/v2/orders", body: order, headers: second.headers)
          #expect(placed.status == .ok)
          let placedID = try #require(try placed.object()["id"] as? String)
          #expect(
            try await bot.json(.delete, "/v2/orders/\(placedID)", headers: second.headers).status
              == .noContent)

          let closed = try await maker.json(
            .delete, "/api/v1/accounts/\(accountID)", headers: browser.headers())
          #expect(closed.status == .noContent)
          // The trading server may still know the key and the account as open; the store
          // refuses the order, and nothing is placed.
          let refused = try await bot.json(
            .post, "/v2/orders", body: order, headers: second.headers)
          #expect(refused.status != .ok)
          let orders = try await maker.json(
            .get, "/api/v1/orders?account=\(accountID)&status=all", headers: browser.headers())
          #expect(orders.status == .ok)
          let listed = try #require(try orders.object()["orders"] as? [[String: Any]])
          #expect(listed.count == 1)
        }
      }
    }
  }
}
