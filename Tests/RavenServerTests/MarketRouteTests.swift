import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import Testing

@testable import RavenServer

@Suite("Market data routes")
struct MarketRouteTests {
  @Test(
    "Every stock route answers for a known symbol and 404 unknown_symbol for an unknown one",
    arguments: [
      "quote", "profile", "news", "peers", "recommendations", "earnings", "sentiment", "chart",
      "candles", "logo.svg",
    ])
  func stockRoutes(route: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let known = try await client.json(.get, "/api/v1/stocks/AAPL/\(route)")
      #expect(known.status == .ok, "\(route): \(known.text.prefix(200))")
      let unknown = try await client.json(.get, "/api/v1/stocks/NOPE/\(route)")
      #expect(unknown.status == .notFound)
      #expect(unknown.errorCode == "unknown_symbol")
      let malformed = try await client.json(.get, "/api/v1/stocks/%24%24%24/\(route)")
      #expect(malformed.status == .notFound)
    }
  }

  @Test("A quote has the contract's fields, amounts as strings")
  func quoteShape() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let quote = try await client.json(.get, "/api/v1/stocks/aapl/quote").object()
      #expect(
        Set(quote.keys) == [
          "symbol", "price", "change", "changePercent", "open", "high", "low", "previousClose",
          "time", "bid", "ask",
        ])
      #expect(quote["symbol"] as? String == "AAPL")
      // The simulated market quotes a spread: the price lies between its bid and ask.
      let price = try #require((quote["price"] as? String).flatMap(Price.init))
      let bid = try #require((quote["bid"] as? String).flatMap(Price.init))
      let ask = try #require((quote["ask"] as? String).flatMap(Price.init))
      #expect(bid < price && price < ask)
      #expect(quote["time"] as? String == "2026-11-20T18:00:00Z")
    }
  }

  @Test("Quotes for several symbols come in the order asked; one unknown symbol is a 404")
  func quotes() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let response = try await client.json(.get, "/api/v1/quotes?symbols=MSFT,aapl,KO")
      let quotes = try #require(try response.object()["quotes"] as? [[String: Any]])
      #expect(quotes.map { $0["symbol"] as? String } == ["MSFT", "AAPL", "KO"])
      let unknown = try await client.json(.get, "/api/v1/quotes?symbols=AAPL,NOPE")
      #expect(unknown.status == .notFound && unknown.errorMessage == "Unknown symbol: NOPE")
      let none = try await client.json(.get, "/api/v1/quotes")
      #expect(none.status == .badRequest)
    }
  }

  @Test("Search by symbol and name; status; providers")
  func searchAndStatus() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let search = try await client.json(.get, "/api/v1/search?q=apple").object()
      #expect(((search["results"] as? [[String: Any]])?.first?["symbol"]) as? String == "AAPL")
      let empty = try await client.json(.get, "/api/v1/search?q=").object()
      #expect((empty["results"] as? [Any])?.isEmpty == true)
      let status = try await client.json(.get, "/api/v1/market/status").object()
      #expect(status["isOpen"] as? Bool == true)
      #expect(status["session"] as? String == "regular")
      let providers = try await client.json(.get, "/api/v1/market/providers").object()
      let provider = try #require((providers["providers"] as? [[String: Any]])?.first)
      #expect(provider["id"] as? String == "simulated")
      #expect((provider["attribution"] as? [String: Any])?["isSimulated"] as? Bool == true)
    }
  }

  @Test("Charts: every range, a point budget, segments, ticks, and the previous close on 1D")
  func charts() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      for range in ["1D", "1W", "1M", "3M", "1Y", "5Y", "MAX"] {
        let chart = try await client.json(
          .get, "/api/v1/stocks/AAPL/chart?range=\(range)&points=100"
        ).object()
        let points = try #require(chart["points"] as? [[String: Any]])
        #expect(points.count >= 2 && points.count <= 100, "\(range)")
        #expect((chart["segments"] as? [Any])?.isEmpty == false)
        #expect((chart["ticks"] as? [Any])?.isEmpty == false)
        #expect((chart["previousClose"] != nil) == (range == "1D"))
      }
      let bad = try await client.json(.get, "/api/v1/stocks/AAPL/chart?range=2D")
      #expect(bad.status == .badRequest && bad.errorCode == "invalid_range")
      let tooMany = try await client.json(.get, "/api/v1/stocks/AAPL/chart?points=100000")
      #expect(tooMany.status == .badRequest)
      let candles = try await client.json(.get, "/api/v1/stocks/AAPL/candles").object()
      let bars = try #require(candles["candles"] as? [[String: Any]])
      #expect(bars.count > 450)
      #expect((candles["movingAverage"] as? [Any])?.count == bars.count)
    }
  }

  @Test("The logo is an SVG image")
  func logo() async throws {
    let app = try await TestServer.make()
    try await app.test(.router) { client in
      let logo = try await client.json(.get, "/api/v1/stocks/AAPL/logo.svg")
      #expect(logo.headers[.contentType] == "image/svg+xml")
      #expect(logo.text.hasPrefix("<svg") && logo.text.contains("Apple Inc"))
    }
  }
}
