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
/// - `/stock/candle`, `/stock/dividend` and `/stock/split` answer 403 unless the key is
///   `premium-key`, as for a free key.
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
    try await FakeUpstream.serve(router(), path: "/api/v1", releasing: slowRequests, body)
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    let api = router.group("api/v1")
    api.add(
      middleware: UpstreamRecorder { request in
        let key = FakeUpstream.header("X-Finnhub-Token", of: request)
        self.received.withLock { $0.append(Received(uri: request.uri.description, token: key)) }
      })
    api.get("quote") { request, _ in
      try await self.answer(request) { symbol in
        switch symbol {
        case "AAPL": FakeUpstream.json(FinnhubFixtures.quoteAAPL)
        case "MSFT": FakeUpstream.json(FinnhubFixtures.quoteMSFT)
        default: FakeUpstream.json(FinnhubFixtures.quoteUnknown)
        }
      }
    }
    api.get("stock/profile2") { request, _ in
      try await self.answer(request) { symbol in
        symbol == "AAPL" ? FakeUpstream.json(FinnhubFixtures.profileAAPL) : FakeUpstream.json("{}")
      }
    }
    api.get("search") { request, _ in
      let query = request.uri.queryParameters.get("q") ?? ""
      return query == "apple inc"
        ? FakeUpstream.json(FinnhubFixtures.searchApple)
        : FakeUpstream.json(#"{"count":0,"result":[]}"#)
    }
    api.get("company-news") { request, _ in
      try await self.answer(request) { _ in FakeUpstream.json(FinnhubFixtures.newsAAPL) }
    }
    api.get("stock/recommendation") { request, _ in
      try await self.answer(request) { _ in FakeUpstream.json(FinnhubFixtures.recommendationAAPL) }
    }
    api.get("stock/social-sentiment") { request, _ in
      try await self.answer(request) { symbol in
        symbol == "MSFT"
          ? FakeUpstream.json(FinnhubFixtures.sentimentNewShape)
          : FakeUpstream.json(FinnhubFixtures.sentimentOldShape)
      }
    }
    api.get("stock/peers") { request, _ in
      try await self.answer(request) { _ in
        FakeUpstream.json(#"["AAPL","DELL","HPQ","AAPL","not a symbol!"]"#)
      }
    }
    api.get("stock/earnings") { request, _ in
      try await self.answer(request) { _ in FakeUpstream.json(FinnhubFixtures.earningsAAPL) }
    }
    api.get("stock/candle") { request, _ in
      guard FakeUpstream.header("X-Finnhub-Token", of: request) == Self.premiumKey else {
        return FakeUpstream.json(
          #"{"error":"You don't have access to this resource."}"#, status: .forbidden)
      }
      return try await self.answer(request) { symbol in
        symbol == "NODATA"
          ? FakeUpstream.json(#"{"s":"no_data"}"#) : FakeUpstream.json(FinnhubFixtures.candlesAAPL)
      }
    }
    api.get("stock/market-status") { _, _ in FakeUpstream.json(FinnhubFixtures.marketStatus) }
    for (path, fixture) in [
      ("stock/dividend", FinnhubFixtures.dividendsAAPL),
      ("stock/split", FinnhubFixtures.splitsAAPL),
    ] {
      api.get(RouterPath(path)) { request, _ in
        guard FakeUpstream.header("X-Finnhub-Token", of: request) == Self.premiumKey else {
          return FakeUpstream.json(
            #"{"error":"You don't have access to this resource."}"#, status: .forbidden)
        }
        return try await self.answer(request) { symbol in
          FakeUpstream.json(symbol == "AAPL" ? fixture : "[]")
        }
      }
    }
    return router
  }

  /// Checks the key, then answers the special symbols the same way on every endpoint.
  private func answer(_ request: Request, _ listed: (String) -> Response) async throws -> Response {
    let key = FakeUpstream.header("X-Finnhub-Token", of: request)
    guard key == Self.freeKey || key == Self.premiumKey else {
      return FakeUpstream.json(#"{"error":"Invalid API key"}"#, status: .unauthorized)
    }
    let symbol = request.uri.queryParameters.get("symbol") ?? ""
    switch symbol {
    case "RATE":
      return FakeUpstream.json(
        #"{"error":"API limit reached. Please try again later. Remaining Limit: 0"}"#,
        status: .tooManyRequests)
    case "DOWN":
      return FakeUpstream.htmlError(.badGateway)
    case "BROKEN":
      return FakeUpstream.json(#"{"c":261.74,"d":1.2,"#)
    case "SLOW":
      await slowRequests.wait()
      return FakeUpstream.json(FinnhubFixtures.quoteAAPL)
    default:
      return listed(symbol)
    }
  }
}
