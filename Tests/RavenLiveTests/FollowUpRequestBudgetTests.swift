import Foundation
import HTTPTypes
import MetricsTestKit
import RavenCore
import RavenTestSupport
import Synchronization
import Testing

@testable import RavenGateway
@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// Alpaca's bars and snapshots without a network: bars come in three pages, snapshots
/// price every symbol asked for. Each request is recorded with its instant on the
/// test's clock.
final class PagingAlpacaTransport: HTTPTransport {
  private let clock: any WallClock
  private let times = Mutex<[Date]>([])

  init(clock: any WallClock) { self.clock = clock }

  var requestTimes: [Date] { times.withLock { $0 } }

  func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
    times.withLock { $0.append(clock.now) }
    let query = URLComponents(string: url)?.queryItems ?? []
    func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
    let json: String
    if url.contains("/snapshots") {
      let symbols = (parameter("symbols") ?? "").split(separator: ",")
      json =
        "{"
        + symbols.map {
          #""\#($0)":{"latestTrade":{"p":10.5,"s":1,"t":"2026-11-20T15:29:00Z"}}"#
        }.joined(separator: ",") + "}"
    } else {
      let next: String =
        switch parameter("page_token") {
        case nil: #""page-2""#
        case "page-2": #""page-3""#
        default: "null"
        }
      json = #"{"bars":[],"symbol":"X","next_page_token":\#(next)}"#
    }
    return HTTPAnswer(status: 200, body: Array(json.utf8))
  }
}

/// A provider that follows pages or splits a batch makes several requests for one
/// gateway call: each request beyond the first takes its own token, so the provider's
/// limit holds however its answers are paged.
@Suite("Follow-up requests within the budget")
struct FollowUpRequestBudgetTests {
  /// At most 4 requests a minute, all 4 at once.
  static let budget = RateBudget(limits: [.atMost(4, per: 60, burst: 4)])
  static let from = MarketFixture.instant("2026-11-18T14:00:00Z")
  static let to = MarketFixture.instant("2026-11-19T21:00:00Z")

  func makeGateway(_ clock: ManualWallClock, _ transport: PagingAlpacaTransport) -> MarketGateway {
    MarketGateway(
      upstream: AlpacaMarketData(
        configuration: AlpacaDataConfiguration(keyID: "id", secretKey: "secret"),
        transport: MeteredTransport(transport), clock: clock),
      policy: .alpaca(budget: Self.budget, capabilities: AlpacaMarketData.freeCapabilities),
      clock: clock, sleeper: clock,
      metricsFactory: TestMetrics())
  }

  func bars(_ symbol: Symbol, _ gateway: MarketGateway, at now: Date)
    async throws(MarketDataError) -> [Bar]
  {
    try await gateway.fetch(
      .bars(symbol, resolution: .hour, from: Self.from, to: Self.to, asOf: now, adjustment: .raw)
    ).value
  }

  @Test("every page of bars and every batch of snapshots takes a token; none is made without one")
  func pagesAndBatchesArePaidFor() async throws {
    let clock = ManualWallClock(GatewayFixture.start)
    let transport = PagingAlpacaTransport(clock: clock)
    let gateway = makeGateway(clock, transport)

    // Three pages: three of the four tokens.
    _ = try await bars("AAPL", gateway, at: clock.now)
    #expect(transport.requestTimes.count == 3)
    #expect(gateway.providerStatus().first?.budget.first?.remaining == 1)

    // The last token pays for the first page; the second finds none within the wait.
    await #expect(throws: MarketDataError.rateLimited) {
      try await bars("MSFT", gateway, at: clock.now)
    }
    #expect(transport.requestTimes.count == 4)
    // The gateway's own limit, not a failing provider: the circuit stays closed.
    #expect(gateway.providerStatus().first?.circuit.consecutiveFailures == 0)

    // Three minutes later three tokens have come back: enough for three pages.
    clock.advance(by: 180)
    #expect(try await bars("MSFT", gateway, at: clock.now).isEmpty)
    #expect(transport.requestTimes.count == 7)

    // 450 quotes are three snapshot batches of at most 200: three tokens, not one.
    clock.advance(by: 240)
    let answer = await gateway.fetchQuotes(for: GatewayFixture.symbols(450), at: clock.now)
    #expect(answer.quotes.count == 450)
    #expect(transport.requestTimes.count == 10)
    #expect(gateway.providerStatus().first?.budget.first?.remaining == 1)

    #expect(transport.requestTimes.busiestWindow(seconds: 60) <= 4)
  }
}
