import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// A local stand-in for Alpha Vantage's `/query` API, started by a test on an ephemeral
/// port. Like Alpha Vantage it answers refusals with HTTP 200, chosen by symbol:
///
/// - `AAPL`, `MSFT`: listed; `ZZZZ`: unknown (`{"Global Quote": {}}`, and an
///   `Error Message` from the time series).
/// - `NOTE`: `{"Note"}` (per-minute limit); `LIMIT`: `{"Information"}` (daily limit);
///   `PREMIUM`: `{"Information"}` (premium endpoint); `TIME_SERIES_DAILY` with
///   `outputsize=full`: `{"Information"}` (premium option).
/// - `DOWN`: HTTP 503 with an HTML page; `BROKEN`: truncated JSON; `SLOW`: no answer
///   until the test ends.
/// - Any `apikey` but `av-test-key`: `{"Error Message": "the parameter apikey is invalid…"}`.
final class FakeAlphaVantageServer: Sendable {
  static let key = "av-test-key"

  /// Every request's path and query as received.
  private let received = Mutex<[String]>([])
  private let slowRequests = SlowGate()

  var requests: [String] { received.withLock { $0 } }

  /// Runs `body` with the base URL of a running fake (`http://127.0.0.1:PORT`).
  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    try await FakeUpstream.serve(router(), releasing: slowRequests, body)
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(
      middleware: UpstreamRecorder { request in
        self.received.withLock { $0.append(request.uri.description) }
      })
    router.get("query") { request, _ in try await self.answer(request) }
    return router
  }

  private func answer(_ request: Request) async throws -> Response {
    let parameters = request.uri.queryParameters
    guard parameters.get("apikey") == Self.key else {
      return FakeUpstream.json(AlphaVantageFixtures.invalidKey)
    }
    let function = parameters.get("function") ?? ""
    if function == "SYMBOL_SEARCH" {
      return parameters.get("keywords") == "apple inc"
        ? FakeUpstream.json(AlphaVantageFixtures.searchApple)
        : FakeUpstream.json(#"{"bestMatches": []}"#)
    }
    switch parameters.get("symbol") ?? "" {
    case "NOTE": return FakeUpstream.json(AlphaVantageFixtures.note)
    case "LIMIT": return FakeUpstream.json(AlphaVantageFixtures.dailyLimit)
    case "PREMIUM": return FakeUpstream.json(AlphaVantageFixtures.premiumEndpoint)
    case "DOWN": return FakeUpstream.htmlError(.serviceUnavailable)
    case "BROKEN": return FakeUpstream.json(#"{"Global Quote": {"01. symbol": "BRO"#)
    case "SLOW":
      await slowRequests.wait()
      return FakeUpstream.json(AlphaVantageFixtures.quoteAAPL)
    case "AAPL", "MSFT": return listed(function, request)
    default:
      return FakeUpstream.json(
        function == "GLOBAL_QUOTE"
          ? AlphaVantageFixtures.quoteUnknown : AlphaVantageFixtures.invalidCall)
    }
  }

  /// The answers for a listed symbol.
  private func listed(_ function: String, _ request: Request) -> Response {
    let parameters = request.uri.queryParameters
    switch function {
    case "GLOBAL_QUOTE":
      return FakeUpstream.json(
        parameters.get("symbol") == "MSFT"
          ? AlphaVantageFixtures.quoteMSFT : AlphaVantageFixtures.quoteAAPL)
    case "TIME_SERIES_DAILY":
      return FakeUpstream.json(
        parameters.get("outputsize") == "full"
          ? AlphaVantageFixtures.premiumOutputSize : AlphaVantageFixtures.dailyAAPL)
    case "TIME_SERIES_WEEKLY": return FakeUpstream.json(AlphaVantageFixtures.weeklyAAPL)
    case "TIME_SERIES_MONTHLY": return FakeUpstream.json(AlphaVantageFixtures.monthlyAAPL)
    case "TIME_SERIES_INTRADAY" where parameters.get("interval") == "60min":
      return FakeUpstream.json(AlphaVantageFixtures.hourlyAAPL)
    default: return FakeUpstream.json(AlphaVantageFixtures.invalidCall)
    }
  }
}
