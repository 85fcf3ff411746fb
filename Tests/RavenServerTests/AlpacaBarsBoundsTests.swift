import Foundation
import HummingbirdTesting
import Testing

/// `/v2/stocks/bars` walks only the market's history, and a page reads at most so much of
/// it: no request can hold the server for minutes.
@Suite("Bounded bars requests")
struct AlpacaBarsBoundsTests {
  @Test(
    "A range from year 1 to before the market's history answers at once with nothing",
    .timeLimit(.minutes(1)))
  func rangeBeforeHistory() async throws {
    try await withAlpacaKey { client, key in
      let page = try await client.json(
        .get,
        "/v2/stocks/bars?symbols=AAPL,MSFT,KO&timeframe=1Min&start=0001-01-01&end=1999-12-31",
        headers: key.headers)
      #expect(page.status == .ok)
      let body = try page.object()
      #expect((body["bars"] as? [String: Any])?.isEmpty == true)
      #expect(body["next_page_token"] is NSNull)
    }
  }

  @Test(
    "Years of minutes before a listing end a page early with a token; following it finds the bars",
    .timeLimit(.minutes(1)))
  func pageReadsAreBounded() async throws {
    try await withAlpacaKey { client, key in
      // ABNB lists on 2020-12-10: two decades of minutes with no bar before its first.
      let base =
        "/v2/stocks/bars?symbols=ABNB&timeframe=1Min&start=2000-01-01&end=2020-12-10T14:40:00Z"
      var token: String?
      var pages = 0
      var bars: [[String: Any]] = []
      repeat {
        let page = try await client.json(
          .get, base + (token.map { "&page_token=\($0)" } ?? ""), headers: key.headers)
        #expect(page.status == .ok)
        let body = try page.object()
        bars += ((body["bars"] as? [String: [[String: Any]]])?["ABNB"]) ?? []
        token = body["next_page_token"] as? String
        pages += 1
      } while token != nil && pages < 10
      // More than one page, though the answer fits in one: each read at most its share.
      #expect(pages == 2)
      #expect(bars.count == 11)
      #expect(bars.first?["t"] as? String == "2020-12-10T14:30:00.000Z")
    }
  }
}
