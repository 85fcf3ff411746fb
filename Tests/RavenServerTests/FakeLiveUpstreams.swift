import AlpacaWire
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// Finnhub (`/finnhub`), Alpaca market data (`/alpaca`) and Alpha Vantage (`/av`) in one
/// local server, answering in their documented shapes for KO (Coca-Cola) around
/// `TestServer.midSession`, so a server can be wired exactly as `raven serve` wires it,
/// keys and base URLs included. `takeDown()` makes every answer a 502 until `bringUp()`.
final class FakeLiveUpstreams: Sendable {
  static let finnhubKey = "finnhub-key-4d1f9c"
  static let alpacaKeyID = "PKALPACAKEYID7Q2"
  static let alpacaSecret = "alpaca-secret-9e8d7c6b5a"
  static let alphaVantageKey = "alphavantage-key-51ab"
  static let keys = [finnhubKey, alpacaKeyID, alpacaSecret, alphaVantageKey]

  /// One request as received: its path and query, and its headers.
  struct Received: Sendable {
    var uri: String
    var headers: [String: String]
  }

  private let isDown = Mutex(false)
  private let received = Mutex<[Received]>([])

  var requests: [Received] { received.withLock { $0 } }
  func takeDown() { isDown.withLock { $0 = true } }
  func bringUp() { isDown.withLock { $0 = false } }

  /// Runs `body` with the base URL of the running fake (`http://127.0.0.1:PORT`).
  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    let router = Router()
    router.add(middleware: Recorder(upstreams: self))
    addFinnhub(router.group("finnhub"))
    addAlpaca(router.group("alpaca"))
    router.get("av/query") { request, _ in
      let symbol = request.uri.queryParameters["symbol"].map(String.init) ?? ""
      return Self.json(
        #"{"Global Quote": {"01. symbol": "\#(symbol)", "02. open": "61.0000", "03. high": "61.5000", "#
          + #""04. low": "60.9000", "05. price": "61.2000", "06. volume": "1000", "#
          + #""07. latest trading day": "2026-11-20", "08. previous close": "60.0000", "#
          + #""09. change": "1.2000", "10. change percent": "2.0000%"}}"#)
    }
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      try await body("http://127.0.0.1:\(try #require(client.port))")
    }
  }

  private struct Recorder: RouterMiddleware {
    let upstreams: FakeLiveUpstreams

    func handle(
      _ request: Request, context: BasicRequestContext,
      next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
      var headers: [String: String] = [:]
      for field in request.headers { headers[field.name.canonicalName] = field.value }
      upstreams.received.withLock {
        $0.append(Received(uri: request.uri.description, headers: headers))
      }
      if upstreams.isDown.withLock({ $0 }) {
        return Response(
          status: .badGateway, body: .init(byteBuffer: ByteBuffer(string: "<html>down</html>")))
      }
      return try await next(request, context)
    }
  }

  private static let session = Int(TestServer.midSession.timeIntervalSince1970)

  private func addFinnhub(_ api: RouterGroup<BasicRequestContext>) {
    api.get("quote") { request, _ in
      guard request.uri.queryParameters["symbol"] == "KO" else {
        return Self.json(#"{"c":0,"d":null,"dp":null,"h":0,"l":0,"o":0,"pc":0,"t":0}"#)
      }
      return Self.json(
        #"{"c":61.25,"d":1.25,"dp":2.0833,"h":61.5,"l":60.8,"o":61,"pc":60,"t":\#(Self.session)}"#)
    }
    api.get("stock/profile2") { _, _ in
      Self.json(
        #"{"country":"US","currency":"USD","exchange":"NEW YORK STOCK EXCHANGE, INC.","#
          + #""finnhubIndustry":"Beverages","ipo":"1919-09-05","marketCapitalization":263000.5,"#
          + #""name":"Coca-Cola Co","shareOutstanding":4300.1,"ticker":"KO","#
          + #""weburl":"https://www.coca-colacompany.com/"}"#)
    }
    api.get("search") { _, _ in
      Self.json(
        #"{"count":1,"result":[{"description":"COCA-COLA CO","displaySymbol":"KO","symbol":"KO","type":"Common Stock"}]}"#
      )
    }
    api.get("company-news") { _, _ in
      Self.json(
        #"[{"category":"company","datetime":\#(Self.session - 3_600),"headline":"Coca-Cola raises its dividend","#
          + #""id":7,"image":"","related":"KO","source":"Reuters","summary":"A higher payout.","#
          + #""url":"https://example.com/ko"}]"#)
    }
    api.get("stock/peers") { _, _ in Self.json(#"["KO","PEP","KDP"]"#) }
    api.get("stock/recommendation") { _, _ in
      Self.json(
        #"[{"buy":12,"hold":8,"period":"2026-11-01","sell":1,"strongBuy":6,"strongSell":0,"symbol":"KO"}]"#
      )
    }
    api.get("stock/earnings") { _, _ in
      Self.json(
        #"[{"actual":0.82,"estimate":0.78,"period":"2026-09-30","quarter":3,"surprise":0.04,"#
          + #""surprisePercent":5.1282,"symbol":"KO","year":2026}]"#)
    }
    api.get("stock/social-sentiment") { _, _ in
      Self.json(
        #"{"data":[{"atTime":"2026-11-19","mention":10,"positiveMention":7,"negativeMention":2,"positiveScore":0.6,"negativeScore":-0.2,"score":0.4}],"symbol":"KO"}"#
      )
    }
  }

  private func addAlpaca(_ api: RouterGroup<BasicRequestContext>) {
    api.get("v2/stocks/snapshots") { _, _ in
      var trade = AlpacaTrade(
        time: AlpacaTime(rawValue: "2026-11-20T17:59:58Z"), price: Decimal(string: "61.3"))
      trade.size = 100
      return Self.alpaca([
        "KO": AlpacaSnapshot(
          latestTrade: trade, latestQuote: nil, minuteBar: nil,
          dailyBar: Self.bar("2026-11-20T05:00:00Z", ["61", "61.5", "60.8", "61.3"], volume: 1000),
          prevDailyBar: Self.bar(
            "2026-11-19T05:00:00Z", ["60", "60.5", "59.8", "60"], volume: 1000))
      ])
    }
    api.get("v2/stocks/{symbol}/bars") { request, _ in
      let daily =
        request.uri.queryParameters["timeframe"].map { !$0.contains("Min") && !$0.contains("Hour") }
        ?? false
      let bars =
        daily
        ? (1...30).map { day in
          let date = TestServer.midSession.addingTimeInterval(Double(-day) * 86_400)
          let stamp = date.formatted(.iso8601.year().month().day())
          return Self.bar("\(stamp)T05:00:00Z", ["60", "61", "59.5", "60.5"], volume: 1_000_000)
        }
        : (1...12).map { step in
          let time = TestServer.midSession.addingTimeInterval(Double(-step) * 300)
          return Self.bar(time.formatted(.iso8601), ["61", "61.3", "60.9", "61.2"], volume: 5000)
        }
      return Self.alpaca(AlpacaSymbolBarsPage(bars: bars, symbol: "KO", nextPageToken: nil))
    }
    api.get("v1beta1/news") { _, _ in Self.alpaca(AlpacaNewsPage(news: [], nextPageToken: nil)) }
  }

  /// A bar of KO, its prices as written.
  private static func bar(_ time: String, _ prices: [String], volume: Decimal) -> AlpacaBar {
    let price = prices.map { Decimal(string: $0) }
    return AlpacaBar(
      time: AlpacaTime(rawValue: time), open: price[0], high: price[1], low: price[2],
      close: price[3], volume: volume)
  }

  /// `value` in Alpaca's JSON.
  private static func alpaca(_ value: some Encodable) -> Response {
    json(String(decoding: try! AlpacaJSON.encode(value), as: UTF8.self))
  }

  private static func json(_ text: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
