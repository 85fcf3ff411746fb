import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import Testing

@testable import RavenServer

@Suite("Goals of a user who trades through a linked brokerage")
struct BrokerageGoalsTests {
  typealias Server = BrokerageTestServer

  @Test(
    "goals are funded by the brokerage's positions at its prices, checked against them, and stay with the linked account on unlinking"
  )
  func fundedByBrokeragePositions() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      // One AAPL share on the ledger; two at the brokerage once linked.
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"2"}"#,
        headers: browser.headers())

      let created = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Trip","target":"760","allocations":[{"symbol":"AAPL","shares":"2"}]}"#,
        headers: browser.headers())
      #expect(created.status == .created)
      let goal = try created.object()
      let id = try #require(goal["id"] as? String)
      #expect(goal["allocatedValue"] as? String == "380.00")
      #expect(goal["progress"] as? String == "0.5000")

      let over = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Car","target":"100","allocations":[{"symbol":"AAPL","shares":"1"}]}"#,
        headers: browser.headers())
      #expect(over.status == .unprocessableContent)
      #expect(over.errorCode == "over_allocated")
      #expect(over.errorMessage == "Goals allocate more AAPL than the 2 shares you hold")

      let patched = try await client.json(
        .patch, "/api/v1/goals/\(id)", body: #"{"target":"380"}"#, headers: browser.headers())
      #expect(try patched.object()["progress"] as? String == "1.0000")

      // Goals are an account's: back on the ledger (the default again), the linked
      // account's goal is not among its goals.
      _ = try await client.json(.delete, "/api/v1/brokerage", headers: browser.headers())
      let ledger = try await client.json(
        .get, "/api/v1/goals/\(id)", headers: browser.headers())
      #expect(ledger.status == .notFound)
      let goals = try await client.json(.get, "/api/v1/goals", headers: browser.headers())
      #expect((try goals.object()["goals"] as? [Any])?.isEmpty == true)
    }
  }

  @Test("a brokerage that cannot be reached makes the goals a 503, never a 500")
  func brokerageUnreachable() async throws {
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      brokerage.fail(with: .unavailable("connection refused"))
      let list = try await client.json(.get, "/api/v1/goals", headers: browser.headers())
      #expect(list.status == .serviceUnavailable)
      #expect(list.errorCode == "brokerage_unavailable")
    }
  }
}
