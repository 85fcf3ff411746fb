import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// Corporate actions and activities through Raven's API and Alpaca's (issue 34).
@Suite("Corporate action routes")
struct CorporateActionRouteTests {
  @Test("A stock's splits and dividends: declared ones only, with its yield and next dividend")
  func stockActions() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let body = try await client.json(.get, "/api/v1/stocks/KO/corporate-actions").object()
      #expect(body["symbol"] as? String == "KO")
      #expect(body["source"] as? String == "Raven simulated market")
      let actions = try #require(body["actions"] as? [[String: Any]])
      #expect(actions.count > 20)
      let dates = actions.compactMap { $0["exDate"] as? String }
      #expect(dates == dates.sorted(by: >))
      // Nothing is known before its declaration: every one was declared by 2026-11-20.
      #expect(actions.allSatisfy { ($0["declarationDate"] as? String ?? "9") <= "2026-11-20" })
      let yield = try #require(Double(body["dividendYield"] as? String ?? ""))
      #expect((0.5...8).contains(yield))
      let first = try #require(actions.first { $0["type"] as? String == "dividend" })
      #expect(first["rate"] is String && first["ratio"] is NSNull)
      let unknown = try await client.json(.get, "/api/v1/stocks/ZZZZZ/corporate-actions")
      #expect(unknown.status == .notFound)
    }
  }

  @Test("An account's activities: fills newest first, paged by cursor; a bad cursor is a 400")
  func activities() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      for symbol in ["KO", "MSFT", "AAPL"] {
        let buy = try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"\#(symbol)","side":"buy","shares":"1"}"#,
          headers: browser.headers())
        #expect(buy.status == .created)
      }
      let first = try await client.json(
        .get, "/api/v1/activities?limit=2", headers: browser.headers()
      ).object()
      let page = try #require(first["activities"] as? [[String: Any]])
      #expect(page.count == 2 && page.allSatisfy { $0["kind"] as? String == "fill" })
      #expect(page.first?["symbol"] as? String == "AAPL")
      #expect((page.first?["amount"] as? String)?.hasPrefix("-") == true)
      let cursor = try #require(first["nextCursor"] as? String)
      let rest = try await client.json(
        .get, "/api/v1/activities?limit=2&before=\(cursor)", headers: browser.headers()
      ).object()
      #expect((rest["activities"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["KO"])
      #expect(rest["nextCursor"] == nil || rest["nextCursor"] is NSNull)
      let bad = try await client.json(
        .get, "/api/v1/activities?before=nonsense", headers: browser.headers())
      #expect(bad.status == .badRequest)
      #expect(try await client.json(.get, "/api/v1/activities").status == .unauthorized)
    }
  }

  @Test("Alpaca's announcements: ca_types, since and until required, 90 days at most; by id")
  func announcements() async throws {
    try await withAlpacaKey { client, key in
      let base = "/v2/corporate_actions/announcements"
      let list = try await client.json(
        .get, base + "?ca_types=dividend,split&since=2026-06-01&until=2026-08-29&symbol=KO",
        headers: key.headers)
      #expect(list.status == .ok)
      let items = try list.array()
      #expect(!items.isEmpty)
      #expect(items.allSatisfy { $0["ca_type"] as? String == "dividend" })
      #expect(
        items.allSatisfy { $0["cash"] is String && $0["initiating_symbol"] as? String == "KO" })
      let id = try #require(items.first?["id"] as? String)
      let one = try await client.json(.get, base + "/\(id)", headers: key.headers).object()
      #expect(
        one["corporate_action_id"] as? String == items.first?["corporate_action_id"] as? String)
      for (query, message) in [
        ("since=2026-06-01&until=2026-08-29", "ca_types"),
        ("ca_types=dividend&since=2026-01-01&until=2026-08-29", "90 days"),
        ("ca_types=dividend&since=2026-08-29&until=2026-06-01", "before until"),
        ("ca_types=bonus&since=2026-06-01&until=2026-08-29", "ca_types"),
        ("ca_types=dividend&since=2026-06-01&until=2026-08-29&date_type=soon", "date_type"),
      ] {
        let refused = try await client.json(.get, base + "?" + query, headers: key.headers)
        #expect(refused.status == .unprocessableContent, "\(query)")
        #expect(refused.alpacaError?.message.contains(message) == true, "\(query)")
      }
      let missing = try await client.json(
        .get, base + "/\(UUID().uuidString.lowercased())", headers: key.headers)
      #expect(missing.status == .notFound)
    }
  }

  @Test("Alpaca's market data corporate actions: grouped by kind, filtered, paged")
  func marketDataActions() async throws {
    try await withAlpacaKey { client, key in
      let base = "/v1/corporate-actions?symbols=KO,DUK&start=2024-01-01&end=2026-11-20"
      let whole = try await client.json(.get, base + "&limit=1000", headers: key.headers).object()
      let groups = try #require(whole["corporate_actions"] as? [String: [[String: Any]]])
      let dividends = try #require(groups["cash_dividends"])
      #expect(dividends.count > 10)
      #expect(dividends.allSatisfy { $0["rate"] is NSNumber && $0["id"] is String })
      #expect(dividends.allSatisfy { $0["corporate_action_type"] == nil })
      #expect(whole["next_page_token"] is NSNull)
      // Paged five at a time, the pages join to the whole.
      var token: String?
      var joined = 0
      repeat {
        let uri = base + "&types=cash_dividend&limit=5" + (token.map { "&page_token=\($0)" } ?? "")
        let page = try await client.json(.get, uri, headers: key.headers).object()
        joined +=
          (page["corporate_actions"] as? [String: [[String: Any]]])?["cash_dividends"]?.count ?? 0
        token = page["next_page_token"] as? String
      } while token != nil
      #expect(joined == dividends.count)
      let bad = try await client.json(
        .get, "/v1/corporate-actions?symbols=KO&types=bonus", headers: key.headers)
      #expect(bad.status == .badRequest)
    }
  }

  @Test("Alpaca's account activities: a fill per fill, by type, paged by id")
  func alpacaActivities() async throws {
    try await withAlpacaKey { client, key in
      for symbol in ["KO", "MSFT"] {
        let order = try await client.json(
          .post, "/v2/orders",
          body:
            #"{"symbol":"\#(symbol)","qty":"1","side":"buy","type":"market","time_in_force":"day"}"#,
          headers: key.headers)
        #expect(order.status == .ok)
      }
      let all = try await client.json(.get, "/v2/account/activities", headers: key.headers).array()
      #expect(all.count == 2 && all.allSatisfy { $0["activity_type"] as? String == "FILL" })
      // Placed in the same instant: in the order of their ids.
      #expect(Set(all.compactMap { $0["symbol"] as? String }) == ["KO", "MSFT"])
      #expect(
        all.compactMap { $0["id"] as? String }
          == all.compactMap { $0["id"] as? String }.sorted(by: >))
      #expect(
        all.allSatisfy {
          $0["order_status"] as? String == "filled" && $0["cum_qty"] as? String == "1"
        })
      let id = try #require(all.first?["id"] as? String)
      let older = try await client.json(
        .get, "/v2/account/activities?page_token=\(id)&page_size=1", headers: key.headers
      ).array()
      #expect(older.map { $0["symbol"] as? String } == [all.last?["symbol"] as? String])
      #expect(
        try await client.json(.get, "/v2/account/activities/DIV", headers: key.headers).array()
          .isEmpty)
      let unknown = try await client.json(
        .get, "/v2/account/activities/BONUS", headers: key.headers)
      #expect(unknown.status == .unprocessableContent)
    }
  }
}
