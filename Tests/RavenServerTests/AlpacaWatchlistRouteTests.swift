import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// `/v2/watchlists`: named lists of assets, as Alpaca keeps them.
@Suite("Alpaca-compatible watchlists")
struct AlpacaWatchlistRouteTests {
  @Test("create, list, add, remove, rename and delete; names unique, symbols known")
  func lifecycle() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let key = try await client.createKey(try await client.signUp())
      let created = try await client.json(
        .post, "/v2/watchlists", body: #"{"name":"Tech","symbols":["AAPL","msft","AAPL"]}"#,
        headers: key.headers)
      #expect(created.status == .ok)
      let list = try created.object()
      let id = try #require(list["id"] as? String)
      #expect(
        (list["assets"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["AAPL", "MSFT"])
      #expect(UUID(uuidString: list["account_id"] as? String ?? "") != nil)

      let all = try await client.json(.get, "/v2/watchlists", headers: key.headers).array()
      #expect(all.map { $0["name"] as? String } == ["Tech"] && all[0]["assets"] == nil)

      let added = try await client.json(
        .post, "/v2/watchlists/\(id)", body: #"{"symbol":"NVDA"}"#, headers: key.headers)
      #expect((try added.object()["assets"] as? [[String: Any]])?.count == 3)
      let again = try await client.json(
        .post, "/v2/watchlists/\(id)", body: #"{"symbol":"NVDA"}"#, headers: key.headers)
      #expect(again.status == .unprocessableContent)
      let removed = try await client.json(
        .delete, "/v2/watchlists/\(id)/AAPL", headers: key.headers)
      #expect(
        (try removed.object()["assets"] as? [[String: Any]])?.map { $0["symbol"] as? String }
          == ["MSFT", "NVDA"])
      let renamed = try await client.json(
        .put, "/v2/watchlists/\(id)", body: #"{"name":"Chips","symbols":["NVDA","INTC"]}"#,
        headers: key.headers)
      #expect(try renamed.object()["name"] as? String == "Chips")

      for body in [#"{"name":"Chips"}"#, #"{"name":""}"#, #"{"name":"X","symbols":["ZZZZZ"]}"#] {
        let refused = try await client.json(
          .post, "/v2/watchlists", body: body, headers: key.headers)
        #expect(refused.status == .unprocessableContent && refused.alpacaError?.code == 42_210_000)
      }
      #expect(
        try await client.json(.delete, "/v2/watchlists/\(id)", headers: key.headers).status
          == .noContent)
      let gone = try await client.json(.get, "/v2/watchlists/\(id)", headers: key.headers)
      #expect(gone.status == .notFound && gone.alpacaError?.code == 40_410_000)
    }
  }

  @Test("another user's watchlist is not found")
  func isolation() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let alice = try await client.createKey(try await client.signUp())
      let bob = try await client.createKey(try await client.signUp())
      let list = try await client.json(
        .post, "/v2/watchlists", body: #"{"name":"Mine"}"#, headers: alice.headers
      ).object()
      let id = try #require(list["id"] as? String)
      for (method, uri) in [
        (HTTPRequest.Method.get, "/v2/watchlists/\(id)"), (.delete, "/v2/watchlists/\(id)"),
      ] {
        #expect(try await client.json(method, uri, headers: bob.headers).status == .notFound)
      }
      #expect(try await client.json(.get, "/v2/watchlists", headers: bob.headers).array().isEmpty)
    }
  }
}
