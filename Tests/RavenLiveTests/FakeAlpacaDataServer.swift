import AlpacaWire
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// A local stand-in for Alpaca's market data API, started by a test on an ephemeral
/// port, answering with its documented JSON shapes, chosen by symbol:
///
/// - Bars: `AAPL` hourly over three pages, daily and weekly in one page, filtered to
///   `[start, end]`; `EMPTY`: `"bars": null`; `LOOP`: a next page without end; `ZZZZ`:
///   400 invalid symbol.
/// - Snapshots: `AAPL`, `MSFT`, `EMPTY` (see `AlpacaDataFixtures.snapshots`); other symbols
///   are absent; `BAD` makes the whole request a 400 invalid symbol.
/// - Corporate actions: `AAPL` over two pages, `GE` a reverse split, `ODD` a 3-for-2 split
///   written as 1.5 for 1, `NOSPLIT` a 1-for-1 "split"; other symbols none (groups left out).
/// - Everywhere: `RATE` 429, `DOWN` 502 with an HTML page, `BROKEN` truncated JSON, `SLOW`
///   no answer until the test ends; `feed=sip` 403 (subscription); keys other than the
///   test pair 401.
final class FakeAlpacaDataServer: Sendable {
  static let keyID = "alpaca-key-id"
  static let secretKey = "alpaca-secret"

  /// Every request's path and query as received, and the keys its headers carried.
  struct Received: Sendable, Hashable {
    var uri: String
    var keyID: String?
    var secretKey: String?
  }

  private let received = Mutex<[Received]>([])
  private let slowRequests = SlowGate()

  var requests: [Received] { received.withLock { $0 } }

  /// Runs `body` with the base URL of a running fake (`http://127.0.0.1:PORT`).
  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    try await FakeUpstream.serve(router(), releasing: slowRequests, body)
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(
      middleware: UpstreamRecorder { request in
        let record = Received(
          uri: request.uri.description,
          keyID: FakeUpstream.header("APCA-API-KEY-ID", of: request),
          secretKey: FakeUpstream.header("APCA-API-SECRET-KEY", of: request))
        self.received.withLock { $0.append(record) }
      })
    router.get("v2/stocks/{symbol}/bars") { request, context in
      let symbol = context.parameters.get("symbol") ?? ""
      return try await self.answer(request, symbols: [symbol]) {
        self.bars(symbol, request)
      }
    }
    router.get("v2/stocks/snapshots") { request, _ in
      let symbols = (request.uri.queryParameters.get("symbols") ?? "").split(separator: ",")
        .map(String.init)
      return try await self.answer(request, symbols: symbols) { Self.snapshots(symbols) }
    }
    router.get("v1beta1/news") { request, _ in
      let symbols = [request.uri.queryParameters.get("symbols") ?? ""]
      return try await self.answer(request, symbols: symbols) {
        symbols == ["AAPL"]
          ? FakeUpstream.json(AlpacaDataFixtures.newsAAPL)
          : FakeUpstream.alpaca(AlpacaNewsPage(news: [], nextPageToken: nil))
      }
    }
    router.get("v1/corporate-actions") { request, _ in
      let parameters = request.uri.queryParameters
      let symbols = (parameters.get("symbols") ?? "").split(separator: ",").map(String.init)
      return try await self.answer(request, symbols: symbols) {
        let page = symbols.count == 1 ? symbols[0] + (parameters.get("page_token") ?? "") : ""
        return FakeUpstream.json(
          AlpacaDataFixtures.corporateActions[page]
            ?? #"{"corporate_actions":{},"next_page_token":null}"#)
      }
    }
    return router
  }

  /// Checks the keys and the feed, then answers the special symbols the same way on
  /// every endpoint.
  private func answer(
    _ request: Request, symbols: [String], _ listed: () -> Response
  ) async throws -> Response {
    guard FakeUpstream.header("APCA-API-KEY-ID", of: request) == Self.keyID,
      FakeUpstream.header("APCA-API-SECRET-KEY", of: request) == Self.secretKey
    else {
      return FakeUpstream.alpacaError(.unauthorized, 40_110_000, "request is not authorized")
    }
    if request.uri.queryParameters.get("feed") == "sip" {
      return FakeUpstream.alpacaError(
        .forbidden, 40_310_000, "subscription does not permit querying recent SIP data")
    }
    if symbols.contains("RATE") {
      return FakeUpstream.alpacaError(.tooManyRequests, 42_910_000, "rate limit exceeded")
    }
    if symbols.contains("DOWN") { return FakeUpstream.htmlError(.badGateway) }
    if symbols.contains("BROKEN") { return FakeUpstream.json(#"{"bars":[{"t":"2024-01-03T"#) }
    if symbols.contains("SLOW") {
      await slowRequests.wait()
      return FakeUpstream.json(#"{"bars":null,"symbol":"SLOW","next_page_token":null}"#)
    }
    if let invalid = symbols.first(where: { $0 == "ZZZZ" || $0 == "BAD" }) {
      return FakeUpstream.alpacaError(.badRequest, 40_010_001, "invalid symbol: \(invalid)")
    }
    return listed()
  }

  private func bars(_ symbol: String, _ request: Request) -> Response {
    let parameters = request.uri.queryParameters
    let timeframe = parameters.get("timeframe") ?? ""
    switch (symbol, timeframe) {
    case ("AAPL", "1Hour"):
      guard let page = AlpacaDataFixtures.hourlyPages[parameters.get("page_token")] else {
        return FakeUpstream.alpacaError(.unprocessableContent, 42_210_000, "invalid page_token")
      }
      return FakeUpstream.json(page)
    case ("AAPL", "1Day"), ("AAPL", "1Week"):
      let rows = timeframe == "1Day" ? AlpacaDataFixtures.dailyBars : AlpacaDataFixtures.weeklyBars
      // Alpaca answers bars whose time lies in [start, end]; RFC 3339 UTC stamps of one
      // shape compare as text.
      let start = parameters.get("start") ?? ""
      let end = parameters.get("end") ?? "~"
      let inRange = rows.filter { row in
        let stamp = String(row.dropFirst(7).prefix(20))
        return stamp >= start && stamp <= end
      }
      return FakeUpstream.json(
        #"{"bars":[\#(inRange.joined(separator: ","))],"symbol":"AAPL","next_page_token":null}"#)
    case ("LOOP", _):
      return FakeUpstream.alpaca(
        AlpacaSymbolBarsPage(bars: [], symbol: "LOOP", nextPageToken: "again"))
    default:
      return FakeUpstream.json(#"{"bars":null,"symbol":"\#(symbol)","next_page_token":null}"#)
    }
  }

  private static func snapshots(_ symbols: [String]) -> Response {
    let members = symbols.compactMap { symbol in
      AlpacaDataFixtures.snapshots[symbol].map { #""\#(symbol)": \#($0)"# }
    }
    return FakeUpstream.json("{" + members.joined(separator: ",") + "}")
  }
}
