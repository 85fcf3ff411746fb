import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// A local stand-in for Finnhub's REST API, started by a test on an ephemeral port. It
/// answers with Finnhub's documented JSON shapes, chosen by symbol:
///
/// - `AAPL`, `MSFT`: listed (AAPL's sentiment in the older `{reddit, twitter}` shape,
///   MSFT's in the newer `{data}` shape); `NODATA`: listed without candles.
/// - `ZZZZ`: unknown (`/quote` zeros, `/stock/profile2` `{}`).
/// - `RATE`: HTTP 429 `{"error": …}`; `DOWN`: HTTP 502 with an HTML page;
///   `BROKEN`: HTTP 200 with truncated JSON; `SLOW`: no answer until the test ends.
/// - `/stock/candle` answers 403 unless the key is `premium-key`, as for a free key.
/// - Any key but `test-key` and `premium-key`: HTTP 401.
final class FakeFinnhubServer: Sendable {
  static let freeKey = "test-key"
  static let premiumKey = "premium-key"

  /// Every request's path and query as received, and the key it carried.
  struct Received: Sendable, Hashable {
    var uri: String
    var token: String?
  }

  private let received = Mutex<[Received]>([])
  private let slowRequests = SlowGate()

  var requests: [Received] { received.withLock { $0 } }

  /// Runs `body` with the base URL of a running fake (`http://127.0.0.1:PORT/api/v1`).
  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    let app = Application(
      router: router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      defer { slowRequests.open() }
      try await body("http://127.0.0.1:\(port)/api/v1")
    }
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    let api = router.group("api/v1")
    api.add(
      middleware: RecordingMiddleware { request in
        let key = Self.token(request)
        self.received.withLock { $0.append(Received(uri: request.uri.description, token: key)) }
      })
    api.get("quote") { request, _ in
      try await self.answer(request) { symbol in
        switch symbol {
        case "AAPL": Self.json(FinnhubFixtures.quoteAAPL)
        case "MSFT": Self.json(FinnhubFixtures.quoteMSFT)
        default: Self.json(FinnhubFixtures.quoteUnknown)
        }
      }
    }
    api.get("stock/profile2") { request, _ in
      try await self.answer(request) { symbol in
        symbol == "AAPL" ? Self.json(FinnhubFixtures.profileAAPL) : Self.json("{}")
      }
    }
    api.get("search") { request, _ in
      let query = request.uri.queryParameters.get("q") ?? ""
      return query == "apple inc"
        ? Self.json(FinnhubFixtures.searchApple) : Self.json(#"{"count":0,"result":[]}"#)
    }
    api.get("company-news") { request, _ in
      try await self.answer(request) { _ in Self.json(FinnhubFixtures.newsAAPL) }
    }
    api.get("stock/recommendation") { request, _ in
      try await self.answer(request) { _ in Self.json(FinnhubFixtures.recommendationAAPL) }
    }
    api.get("stock/social-sentiment") { request, _ in
      try await self.answer(request) { symbol in
        symbol == "MSFT"
          ? Self.json(FinnhubFixtures.sentimentNewShape)
          : Self.json(FinnhubFixtures.sentimentOldShape)
      }
    }
    api.get("stock/peers") { request, _ in
      try await self.answer(request) { _ in
        Self.json(#"["AAPL","DELL","HPQ","AAPL","not a symbol!"]"#)
      }
    }
    api.get("stock/earnings") { request, _ in
      try await self.answer(request) { _ in Self.json(FinnhubFixtures.earningsAAPL) }
    }
    api.get("stock/candle") { request, _ in
      guard Self.token(request) == Self.premiumKey else {
        return Self.json(
          #"{"error":"You don't have access to this resource."}"#, status: .forbidden)
      }
      return try await self.answer(request) { symbol in
        symbol == "NODATA" ? Self.json(#"{"s":"no_data"}"#) : Self.json(FinnhubFixtures.candlesAAPL)
      }
    }
    api.get("stock/market-status") { _, _ in Self.json(FinnhubFixtures.marketStatus) }
    return router
  }

  /// Checks the key, then answers the special symbols the same way on every endpoint.
  private func answer(_ request: Request, _ listed: (String) -> Response) async throws -> Response {
    let key = Self.token(request)
    guard key == Self.freeKey || key == Self.premiumKey else {
      return Self.json(#"{"error":"Invalid API key"}"#, status: .unauthorized)
    }
    let symbol = request.uri.queryParameters.get("symbol") ?? ""
    switch symbol {
    case "RATE":
      return Self.json(
        #"{"error":"API limit reached. Please try again later. Remaining Limit: 0"}"#,
        status: .tooManyRequests)
    case "DOWN":
      return Response(
        status: .badGateway, headers: [.contentType: "text/html"],
        body: .init(byteBuffer: ByteBuffer(string: "<html><body>502 Bad Gateway</body></html>")))
    case "BROKEN":
      return Self.json(#"{"c":261.74,"d":1.2,"#)
    case "SLOW":
      await slowRequests.wait()
      return Self.json(FinnhubFixtures.quoteAAPL)
    default:
      return listed(symbol)
    }
  }

  /// The `X-Finnhub-Token` header's value.
  static func token(_ request: Request) -> String? {
    request.headers.first { $0.name.canonicalName == "x-finnhub-token" }?.value
  }

  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}

/// Calls `record` with every request before passing it on.
private struct RecordingMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext
  let record: @Sendable (Request) -> Void

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    record(request)
    return try await next(request, context)
  }
}

/// Holds requests until the test ends, so a client's timeout is what ends them.
final class SlowGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
