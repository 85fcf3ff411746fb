import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import Testing

@testable import RavenServer

/// `/v2/stocks/…` as Alpaca's data client reads it: bars keyed by symbol with paging,
/// latest bars, quotes and trades, snapshots.
@Suite("Alpaca-compatible market data")
struct AlpacaMarketDataRouteTests {
  @Test("timeframes parse as Alpaca names them, and group their source bars exactly")
  func timeframes() throws {
    for text in ["1Min", "15Min", "59T", "1Hour", "23H", "1Day", "1Week", "3Month", "12M"] {
      #expect(AlpacaTimeframe(text) != nil, "\(text)")
    }
    for text in ["0Min", "60Min", "24Hour", "2Day", "4Month", "Min", "1Year", ""] {
      #expect(AlpacaTimeframe(text) == nil, "\(text)")
    }
    #expect(AlpacaTimeframe("10Min")?.source.resolution == .fiveMinutes)
    #expect(AlpacaTimeframe("10Min")?.source.group == 2)
    let start = Date(timeIntervalSince1970: 1_795_190_400)  // a whole minute, :00
    let minutes = (0..<4).map { i in
      Bar(
        time: start.addingTimeInterval(Double(i) * 60), open: Price(cents: 100 + Int64(i)),
        high: Price(cents: 110 + Int64(i)), low: Price(cents: 90 - Int64(i)),
        close: Price(cents: 101 + Int64(i)), volume: 10)
    }
    let grouped = try #require(AlpacaTimeframe("2Min")).group(minutes, zone: ExchangeTimeZone())
    #expect(grouped.count == 2)
    #expect(grouped[0].time == start && grouped[1].time == start.addingTimeInterval(120))
    #expect(grouped[0].open == Price(cents: 100) && grouped[0].close == Price(cents: 102))
    #expect(grouped[0].high == Price(cents: 111) && grouped[0].low == Price(cents: 89))
    #expect(grouped[0].volume == 20)
  }

  @Test("bars page across symbols with next_page_token, and the pages join to the whole")
  func barsPaging() async throws {
    try await withAlpacaKey { client, key in
      let base =
        "/v2/stocks/bars?symbols=MSFT,AAPL&timeframe=1Min&start=2026-11-20T14:30:00Z&end=2026-11-20T15:30:00Z"
      let whole = try await client.json(.get, base + "&limit=10000", headers: key.headers).object()
      let all = try #require(whole["bars"] as? [String: [[String: Any]]])
      // `end` is inclusive, as Alpaca's: 14:30 through 15:30.
      #expect(all["AAPL"]?.count == 61 && all["MSFT"]?.count == 61)
      #expect(whole.keys.contains("next_page_token") && whole["next_page_token"] is NSNull)
      let first = try #require(all["AAPL"]?.first)
      #expect(first["t"] as? String == "2026-11-20T14:30:00.000Z")
      #expect(first["o"] is NSNumber && first["v"] is NSNumber)
      #expect(first.keys.contains("n") && first.keys.contains("vw"))

      var token: String?
      var joined: [String: [String]] = [:]
      var pages = 0
      repeat {
        let uri = base + "&limit=45" + (token.map { "&page_token=\($0)" } ?? "")
        let page = try await client.json(.get, uri, headers: key.headers).object()
        let bars = try #require(page["bars"] as? [String: [[String: Any]]])
        #expect(bars.values.map(\.count).reduce(0, +) <= 45)
        for (symbol, list) in bars {
          joined[symbol, default: []] += list.compactMap { $0["t"] as? String }
        }
        token = page["next_page_token"] as? String
        pages += 1
      } while token != nil && pages < 10
      #expect(pages == 3)
      #expect(joined["AAPL"] == all["AAPL"]?.compactMap { $0["t"] as? String })
      #expect(joined["MSFT"] == all["MSFT"]?.compactMap { $0["t"] as? String })
    }
  }

  @Test("an end after the market's now is cut at now; desc sorts newest first; 1Day works")
  func barsWindow() async throws {
    try await withAlpacaKey { client, key in
      let late = try await client.json(
        .get,
        "/v2/stocks/bars?symbols=AAPL&timeframe=15Min&start=2026-11-20T14:30:00Z&end=2026-11-21T00:00:00Z&sort=desc",
        headers: key.headers
      ).object()
      let bars = try #require((late["bars"] as? [String: [[String: Any]]])?["AAPL"])
      // The test clock stands at 18:00 UTC: 14:30 to the bar in progress at 18:00, newest
      // first.
      #expect(bars.first?["t"] as? String == "2026-11-20T18:00:00.000Z")
      #expect(bars.last?["t"] as? String == "2026-11-20T14:30:00.000Z")
      let daily = try await client.json(
        .get, "/v2/stocks/bars?symbols=AAPL&timeframe=1Day&start=2026-11-01&end=2026-11-20",
        headers: key.headers
      ).object()
      #expect(((daily["bars"] as? [String: [Any]])?["AAPL"]?.count ?? 0) >= 13)
      let bad = try await client.json(
        .get, "/v2/stocks/bars?symbols=AAPL&timeframe=7Day", headers: key.headers)
      #expect(bad.status == .unprocessableContent && bad.alpacaError?.code == 42_210_000)
    }
  }

  @Test("latest quote, trade and bar; snapshots keyed by symbol at the top level")
  func latestAndSnapshots() async throws {
    try await withAlpacaKey { client, key in
      let quotes = try await client.json(
        .get, "/v2/stocks/quotes/latest?symbols=AAPL,KO", headers: key.headers
      ).object()
      let apple = try #require((quotes["quotes"] as? [String: [String: Any]])?["AAPL"])
      let bid = try #require(apple["bp"] as? NSNumber).decimalValue
      let ask = try #require(apple["ap"] as? NSNumber).decimalValue
      #expect(ask > bid && apple["as"] as? Int == 100)
      let trades = try await client.json(
        .get, "/v2/stocks/trades/latest?symbols=AAPL", headers: key.headers
      ).object()
      let trade = try #require((trades["trades"] as? [String: [String: Any]])?["AAPL"])
      let price = try #require(trade["p"] as? NSNumber).decimalValue
      #expect(bid < price && price < ask)
      // The market's own spread, the same that Raven's quote shows and market orders pay.
      let raven = try await client.json(.get, "/api/v1/stocks/AAPL/quote")
        .object()
      #expect(Decimal(string: raven["bid"] as? String ?? "") == bid)
      #expect(Decimal(string: raven["ask"] as? String ?? "") == ask)
      let latest = try await client.json(
        .get, "/v2/stocks/bars/latest?symbols=AAPL", headers: key.headers
      ).object()
      #expect(
        (latest["bars"] as? [String: [String: Any]])?["AAPL"]?["t"] as? String
          == "2026-11-20T18:00:00.000Z")

      let snapshots = try await client.json(
        .get, "/v2/stocks/snapshots?symbols=AAPL,MSFT", headers: key.headers
      ).object()
      #expect(Set(snapshots.keys) == ["AAPL", "MSFT"])
      let snapshot = try #require(snapshots["AAPL"] as? [String: Any])
      for field in ["latestTrade", "latestQuote", "minuteBar", "dailyBar", "prevDailyBar"] {
        #expect(snapshot[field] is [String: Any], "\(field)")
      }
      let missing = try await client.json(.get, "/v2/stocks/snapshots", headers: key.headers)
      #expect(missing.status == .unprocessableContent)
    }
  }

  @Test("single-symbol forms: bars, latest bar, quote and trade, and a snapshot naming its symbol")
  func singleSymbolRoutes() async throws {
    try await withAlpacaKey { client, key in
      let page = try await client.json(
        .get, "/v2/stocks/SPY/bars?timeframe=1Min&start=2026-11-20T14:30:00Z&limit=5",
        headers: key.headers
      ).object()
      #expect(page["symbol"] as? String == "SPY")
      #expect((page["bars"] as? [[String: Any]])?.count == 5)
      let token = try #require(page["next_page_token"] as? String)
      let next = try await client.json(
        .get,
        "/v2/stocks/SPY/bars?timeframe=1Min&start=2026-11-20T14:30:00Z&limit=5&page_token=\(token)",
        headers: key.headers
      ).object()
      let first = try #require((next["bars"] as? [[String: Any]])?.first?["t"] as? String)
      #expect(first == "2026-11-20T14:35:00.000Z")

      let bar = try await client.json(
        .get, "/v2/stocks/AAPL/bars/latest", headers: key.headers
      ).object()
      #expect(bar["symbol"] as? String == "AAPL" && bar["bar"] is [String: Any])
      let quote = try await client.json(
        .get, "/v2/stocks/AAPL/quotes/latest", headers: key.headers
      ).object()
      let sides = try #require(quote["quote"] as? [String: Any])
      #expect(quote["symbol"] as? String == "AAPL" && sides["ap"] != nil && sides["bp"] != nil)
      let trade = try await client.json(
        .get, "/v2/stocks/AAPL/trades/latest", headers: key.headers
      ).object()
      #expect(
        trade["symbol"] as? String == "AAPL" && (trade["trade"] as? [String: Any])?["p"] != nil)
      let snapshot = try await client.json(
        .get, "/v2/stocks/QQQ/snapshot", headers: key.headers
      ).object()
      #expect(snapshot["symbol"] as? String == "QQQ")
      for field in ["latestTrade", "latestQuote", "minuteBar", "dailyBar", "prevDailyBar"] {
        #expect(snapshot[field] is [String: Any], "\(field)")
      }
      // An unknown symbol is Alpaca's 404, in Alpaca's shape.
      for path in ["/v2/stocks/ZZZZZ/quotes/latest", "/v2/stocks/ZZZZZ/snapshot"] {
        let missing = try await client.json(.get, path, headers: key.headers)
        #expect(missing.status == .notFound && missing.alpacaError != nil, "\(path)")
      }
    }
  }

  @Test("a date-only range is that whole day; a thousand symbols are one request, more are not")
  func dateRangesAndManySymbols() async throws {
    try await withAlpacaKey { client, key in
      let day = try await client.json(
        .get,
        "/v2/stocks/bars?symbols=AAPL&timeframe=1Min&start=2026-11-19&end=2026-11-19&limit=1000",
        headers: key.headers
      ).object()
      let minutes = try #require((day["bars"] as? [String: [[String: Any]]])?["AAPL"])
      #expect(minutes.count == 390)
      #expect(minutes.first?["t"] as? String == "2026-11-19T14:30:00.000Z")
      #expect(minutes.last?["t"] as? String == "2026-11-19T20:59:00.000Z")
      let daily = try await client.json(
        .get, "/v2/stocks/AAPL/bars?timeframe=1Day&start=2026-11-19&end=2026-11-19",
        headers: key.headers
      ).object()
      #expect((daily["bars"] as? [[String: Any]])?.count == 1)

      let universe = AlpacaTradingController.universe.companies.prefix(300).map(\.symbol.rawValue)
      let many = try await client.json(
        .get, "/v2/stocks/snapshots?symbols=\(universe.joined(separator: ","))",
        headers: key.headers)
      #expect(many.status == .ok)
      #expect(try many.object().count == 300)
      // Symbols of letters only (AAA, AAB, …), one more than the most.
      let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
      let tooMany = (0...AlpacaMarketDataController.maximumSymbols).map { (n: Int) -> String in
        String([letters[n / 676], letters[n / 26 % 26], letters[n % 26]])
      }
      let refused = try await client.json(
        .get, "/v2/stocks/quotes/latest?symbols=\(tooMany.joined(separator: ","))",
        headers: key.headers)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.alpacaError?.message == "at most 1000 symbols")
    }
  }

  @Test("historical trades add up to each minute's bar; quotes are its spread; pages join whole")
  func tradesAndQuotes() async throws {
    try await withAlpacaKey { client, key in
      let range = "start=2026-11-19T15:00:00Z&end=2026-11-19T15:10:00Z"
      let bars =
        try await client.json(
          .get,
          "/v2/stocks/AAPL/bars?timeframe=1Min&start=2026-11-19T15:00:00Z&end=2026-11-19T15:09:00Z",
          headers: key.headers
        ).object()["bars"] as? [[String: Any]]
      #expect(bars?.count == 10)
      // Every trade of the ten minutes, a page of 37 at a time.
      var trades: [[String: Any]] = []
      var token: String?
      repeat {
        let page = try await client.json(
          .get,
          "/v2/stocks/AAPL/trades?\(range)&limit=37" + (token.map { "&page_token=\($0)" } ?? ""),
          headers: key.headers
        ).object()
        #expect(page["symbol"] as? String == "AAPL")
        trades += page["trades"] as? [[String: Any]] ?? []
        token = page["next_page_token"] as? String
      } while token != nil
      #expect(Set(trades.compactMap { $0["i"] as? Int }).count == trades.count)
      for bar in bars ?? [] {
        let minute = try #require((bar["t"] as? String)?.prefix(16))
        let inMinute = trades.filter { ($0["t"] as? String)?.hasPrefix(minute) == true }
        let prices = inMinute.compactMap { ($0["p"] as? NSNumber)?.decimalValue }
        let volume = inMinute.compactMap { ($0["s"] as? NSNumber)?.int64Value }.reduce(0, +)
        #expect(volume == (bar["v"] as? NSNumber)?.int64Value, "\(minute)")
        #expect(prices.first == (bar["o"] as? NSNumber)?.decimalValue, "\(minute)")
        #expect(prices.last == (bar["c"] as? NSNumber)?.decimalValue, "\(minute)")
        #expect(prices.max() == (bar["h"] as? NSNumber)?.decimalValue, "\(minute)")
        #expect(prices.min() == (bar["l"] as? NSNumber)?.decimalValue, "\(minute)")
      }
      let quotes = try await client.json(
        .get, "/v2/stocks/quotes?symbols=AAPL,SPY&\(range)&limit=10000", headers: key.headers
      ).object()
      let bySymbol = try #require(quotes["quotes"] as? [String: [[String: Any]]])
      #expect(bySymbol["AAPL"]?.count == trades.count && bySymbol["SPY"]?.isEmpty == false)
      #expect(
        bySymbol["AAPL"]?.allSatisfy {
          (($0["bp"] as? NSNumber)?.decimalValue ?? 0)
            < (($0["ap"] as? NSNumber)?.decimalValue ?? 0)
        } == true)
      // Newest first on request; the minute in progress has no prints yet.
      let newest = try await client.json(
        .get, "/v2/stocks/trades?symbols=AAPL&sort=desc&limit=3", headers: key.headers
      ).object()
      let times = ((newest["trades"] as? [String: [[String: Any]]])?["AAPL"] ?? []).compactMap {
        $0["t"] as? String
      }
      #expect(times.count == 3 && times == times.sorted(by: >))
      #expect(times.allSatisfy { $0 < "2026-11-20T18:00:00" })
    }
  }
}
