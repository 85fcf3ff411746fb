import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// `/v2/assets`, `/v2/calendar` and closing positions, as Alpaca's SDKs read them.
@Suite("Alpaca-compatible assets, calendar and closing positions")
struct AlpacaAssetsRouteTests {
  @Test("assets: the universe's US stocks and funds, by symbol or id; an unknown one is 404")
  func assets() async throws {
    try await withAlpacaKey { client, key in
      let all = try await client.json(.get, "/v2/assets?status=active", headers: key.headers)
        .array()
      #expect(all.count > 100)
      let apple = try #require(all.first { $0["symbol"] as? String == "AAPL" })
      #expect(apple["class"] as? String == "us_equity" && apple["exchange"] as? String == "NASDAQ")
      #expect(apple["tradable"] as? Bool == true && apple["fractionable"] as? Bool == true)
      // Marginable, and large enough to borrow; the smallest names are not, funds always are.
      #expect(apple["marginable"] as? Bool == true)
      #expect(apple["shortable"] as? Bool == true && apple["easy_to_borrow"] as? Bool == true)
      let hard = all.filter { $0["shortable"] as? Bool == false }
      #expect(!hard.isEmpty && hard.count < all.count / 2)
      #expect(hard.allSatisfy { $0["easy_to_borrow"] as? Bool == false })
      #expect(!hard.contains { ["SPY", "TQQQ", "SQQQ"].contains($0["symbol"] as? String) })
      let id = try #require(apple["id"] as? String)
      for path in ["/v2/assets/aapl", "/v2/assets/\(id)"] {
        let one = try await client.json(.get, path, headers: key.headers)
        #expect(try one.object()["symbol"] as? String == "AAPL")
      }
      let missing = try await client.json(.get, "/v2/assets/ZZZZZ", headers: key.headers)
      #expect(missing.status == .notFound && missing.alpacaError?.code == 40_410_000)
      let nyse = try await client.json(.get, "/v2/assets?exchange=NYSE", headers: key.headers)
      #expect(try nyse.array().allSatisfy { $0["exchange"] as? String == "NYSE" })
      // Every asset on one of Alpaca's exchanges: the New York Stock Exchange's hundreds
      // among them (its full name once read as none).
      #expect(try nyse.array().count > 300)
      #expect(
        all.allSatisfy { ["NYSE", "NASDAQ", "ARCA", "AMEX"].contains($0["exchange"] as? String) })
      // Funds are US equities listed on NYSE Arca, as Alpaca lists SPY.
      let spy = try await client.json(.get, "/v2/assets/SPY", headers: key.headers).object()
      #expect(spy["class"] as? String == "us_equity" && spy["exchange"] as? String == "ARCA")
      let arca = try await client.json(.get, "/v2/assets?exchange=ARCA", headers: key.headers)
      let funds = Set(try arca.array().compactMap { $0["symbol"] as? String })
      #expect(funds.isSuperset(of: ["SPY", "QQQ", "TQQQ", "SQQQ", "TLT", "XLK"]))
      let crypto = try await client.json(
        .get, "/v2/assets?asset_class=crypto", headers: key.headers)
      #expect(try crypto.array().isEmpty)
    }
  }

  @Test("the calendar: sessions between two dates, times exactly HH:MM, early closes at 13:00")
  func calendar() async throws {
    try await withAlpacaKey { client, key in
      let days = try await client.json(
        .get, "/v2/calendar?start=2026-11-25&end=2026-11-30", headers: key.headers
      ).array()
      // Thanksgiving (26th) is closed; the 27th closes early.
      #expect(days.map { $0["date"] as? String } == ["2026-11-25", "2026-11-27", "2026-11-30"])
      #expect(days.map { $0["open"] as? String } == ["09:30", "09:30", "09:30"])
      #expect(days.map { $0["close"] as? String } == ["16:00", "13:00", "16:00"])
      let bad = try await client.json(.get, "/v2/calendar?start=tomorrow", headers: key.headers)
      #expect(bad.status == .unprocessableContent)
    }
  }

  @Test("closing a position sells all of it, a qty or a percentage; closing all is 207")
  func closePositions() async throws {
    try await withAlpacaKey { client, key in
      for symbol in ["AAPL", "KO"] {
        _ = try await client.json(
          .post, "/v2/orders",
          body:
            #"{"symbol":"\#(symbol)","qty":10,"side":"buy","type":"market","time_in_force":"day"}"#,
          headers: key.headers)
      }
      let quarter = try await client.json(
        .delete, "/v2/positions/AAPL?percentage=25", headers: key.headers)
      #expect(try quarter.object()["qty"] as? String == "2.5")
      #expect(try quarter.object()["side"] as? String == "sell")
      let one = try await client.json(.delete, "/v2/positions/AAPL?qty=1", headers: key.headers)
      #expect(try one.object()["status"] as? String == "filled")
      let both = try await client.json(
        .delete, "/v2/positions/AAPL?qty=1&percentage=5", headers: key.headers)
      #expect(both.status == .unprocessableContent)
      let none = try await client.json(.delete, "/v2/positions/MSFT", headers: key.headers)
      #expect(none.status == .notFound)

      let all = try await client.json(
        .delete, "/v2/positions?cancel_orders=true", headers: key.headers)
      #expect(all.status.code == 207)
      let results = try all.array()
      #expect(Set(results.compactMap { $0["symbol"] as? String }) == ["AAPL", "KO"])
      #expect(results.allSatisfy { $0["status"] as? Int == 200 && $0["order_id"] is String })
      let positions = try await client.json(.get, "/v2/positions", headers: key.headers)
      #expect(try positions.array().isEmpty)
    }
  }
}
