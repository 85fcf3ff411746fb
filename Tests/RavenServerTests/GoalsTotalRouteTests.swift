import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import Testing

@testable import RavenServer

/// `GET /api/v1/goals`: one definition of the total, and allocations a sale left unfunded.
@Suite("Goals' total and unfunded allocations")
struct GoalsTotalRouteTests {
  private func money(_ body: [String: Any], _ key: String) throws -> Money {
    try #require((body[key] as? String).flatMap(Money.init), "\(key)")
  }

  @Test("fundedValue is Σ min(allocated, target), totalTarget Σ targets, their ratio the total")
  func total() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"10"}"#,
        headers: browser.headers())
      for goal in [
        #"{"title":"Treat","target":"10","allocations":[{"symbol":"KO","shares":"4"}]}"#,
        #"{"title":"House","target":"10000","allocations":[{"symbol":"KO","shares":"2"}]}"#,
      ] {
        let created = try await client.json(
          .post, "/api/v1/goals", body: goal, headers: browser.headers())
        #expect(created.status == .created)
      }
      let body = try await client.json(.get, "/api/v1/goals", headers: browser.headers()).object()
      let goals = try #require(body["goals"] as? [[String: Any]])
      let allocated = try goals.map { try money($0, "allocatedValue") }
      let targets = try goals.map { try money($0, "target") }
      #expect(allocated[0] > targets[0])  // the treat is funded beyond its target
      let funded = try money(body, "fundedValue")
      let total = try money(body, "totalTarget")
      #expect(funded == targets[0] + allocated[1])
      #expect(total == Money(10_010))
      let ratio = try #require(funded.exact.divided(by: total.exact, fractionDigits: 4))
      #expect(body["totalProgress"] as? String == ratio.description)
      // The old Σ allocated ÷ Σ targets would have counted the treat's surplus.
      let lifted = try #require(
        (allocated[0] + allocated[1]).exact.divided(by: total.exact, fractionDigits: 4))
      #expect(ratio < lifted)
    }
  }

  @Test("Targets are dollars and cents up to a bound, so their total is always written")
  func targetsThatCannotBeTotalled() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      // The fuzzer's pair: each target alone is writable, their sum (33 digits) was not.
      let big = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Big","target":"212228960119030","allocations":[]}"#,
        headers: browser.headers())
      #expect(big.status == .unprocessableContent && big.errorCode == "invalid_target")
      #expect(big.errorMessage == "Target must be at most $10,000,000,000,000")
      let fine = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Fine","target":"0.237230181371618301","allocations":[]}"#,
        headers: browser.headers())
      #expect(fine.status == .unprocessableContent && fine.errorCode == "invalid_target")
      #expect(fine.errorMessage == "Target must be in dollars and cents")
      let largest = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Largest","target":"10000000000000.00","allocations":[]}"#,
        headers: browser.headers())
      #expect(largest.status == .created)
      let listed = try await client.json(.get, "/api/v1/goals", headers: browser.headers())
      #expect(listed.status == .ok)
    }
  }

  @Test("An allocated share sold through the trades API leaves its allocation unfunded")
  func unfundedAfterSale() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
        headers: browser.headers())
      let created = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Car","target":"5000","allocations":[{"symbol":"AAPL","shares":"1"}]}"#,
        headers: browser.headers())
      #expect(created.status == .created)
      let before = try #require((try created.object()["allocations"] as? [[String: Any]])?.first)
      #expect(before["unfunded"] as? Bool == false)
      let sold = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"sell","shares":"1"}"#,
        headers: browser.headers())
      #expect(sold.status == .created)
      let body = try await client.json(.get, "/api/v1/goals", headers: browser.headers()).object()
      let goal = try #require((body["goals"] as? [[String: Any]])?.first)
      let allocation = try #require((goal["allocations"] as? [[String: Any]])?.first)
      #expect(allocation["unfunded"] as? Bool == true)
      #expect(allocation["shares"] as? String == "1")
      #expect(try money(allocation, "effectiveShares").isZero)
      #expect(try money(allocation, "value").isZero)
      #expect(try money(body, "fundedValue").isZero)
      #expect(try money(body, "totalTarget") == Money(5_000))
    }
  }
}
