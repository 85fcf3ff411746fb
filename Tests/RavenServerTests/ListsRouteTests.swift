import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

@Suite("Watchlist and goals")
struct ListsRouteTests {
  @Test("Watchlist: add, list with prices in order, reorder, remove; unknown symbols refused")
  func watchlist() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      for symbol in ["AAPL", "MSFT", "KO"] {
        let added = try await client.json(
          .put, "/api/v1/watchlist/\(symbol)", headers: browser.headers())
        #expect(added.status == .noContent)
      }
      let again = try await client.json(.put, "/api/v1/watchlist/AAPL", headers: browser.headers())
      #expect(again.status == .noContent)
      let list = try await client.json(.get, "/api/v1/watchlist", headers: browser.headers())
        .object()
      let items = try #require(list["items"] as? [[String: Any]])
      #expect(items.map { $0["symbol"] as? String } == ["AAPL", "MSFT", "KO"])
      #expect(items[0]["name"] as? String == "Apple Inc")
      #expect(items[0]["price"] is String && items[0]["changePercent"] is String)
      let ordered = try await client.json(
        .put, "/api/v1/watchlist/order", body: #"{"symbols":["KO","AAPL","MSFT"]}"#,
        headers: browser.headers())
      #expect(ordered.status == .noContent)
      let removed = try await client.json(
        .delete, "/api/v1/watchlist/AAPL", headers: browser.headers())
      #expect(removed.status == .noContent)
      let after = try await client.json(.get, "/api/v1/watchlist", headers: browser.headers())
        .object()
      #expect(
        (after["items"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["KO", "MSFT"])
      let missing = try await client.json(
        .delete, "/api/v1/watchlist/AAPL", headers: browser.headers())
      #expect(missing.status == .notFound)
      let unknown = try await client.json(
        .put, "/api/v1/watchlist/NOPE", headers: browser.headers())
      #expect(unknown.status == .notFound && unknown.errorCode == "unknown_symbol")
    }
  }

  @Test(
    "Goals: create with progress, refuse over-allocation, update, delete; others' goals are not found"
  )
  func goals() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let stranger = try await client.signUp()
      _ = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"10"}"#,
        headers: browser.headers())
      let created = try await client.json(
        .post, "/api/v1/goals",
        body:
          #"{"title":"House","description":"Deposit","target":"1000","allocations":[{"symbol":"KO","shares":"4"}]}"#,
        headers: browser.headers())
      #expect(created.status == .created)
      let goal = try created.object()
      let id = try #require(goal["id"] as? String)
      #expect(goal["title"] as? String == "House")
      #expect(goal["allocatedValue"] is String && goal["progress"] is String)
      let over = try await client.json(
        .post, "/api/v1/goals",
        body: #"{"title":"Car","target":"500","allocations":[{"symbol":"KO","percent":"70"}]}"#,
        headers: browser.headers())
      #expect(over.status == .unprocessableContent && over.errorCode == "over_allocated")
      let patched = try await client.json(
        .patch, "/api/v1/goals/\(id)", body: #"{"target":"2000"}"#, headers: browser.headers())
      #expect(patched.status == .ok)
      #expect(try patched.object()["target"] as? String == "2000")
      let list = try await client.json(.get, "/api/v1/goals", headers: browser.headers()).object()
      #expect((list["goals"] as? [Any])?.count == 1 && list["totalProgress"] is String)
      for method in [HTTPRequest.Method.get, .delete] {
        let foreign = try await client.json(
          method, "/api/v1/goals/\(id)", headers: stranger.headers())
        #expect(foreign.status == .notFound)
      }
      let foreignPatch = try await client.json(
        .patch, "/api/v1/goals/\(id)", body: #"{"title":"Mine"}"#, headers: stranger.headers())
      #expect(foreignPatch.status == .notFound)
      let deleted = try await client.json(
        .delete, "/api/v1/goals/\(id)", headers: browser.headers())
      #expect(deleted.status == .noContent)
      let gone = try await client.json(.get, "/api/v1/goals/\(id)", headers: browser.headers())
      #expect(gone.status == .notFound)
      let empty = try await client.json(
        .post, "/api/v1/goals", body: #"{"title":" ","target":"10"}"#, headers: browser.headers())
      #expect(empty.status == .unprocessableContent && empty.errorCode == "invalid_title")
    }
  }
}
