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

/// Finnhub's quote endpoint without a network: every symbol is listed; each request is
/// recorded with the instant it was made on the test's clock.
final class CountingQuoteTransport: HTTPTransport {
  private let clock: any WallClock
  private let times = Mutex<[Date]>([])

  init(clock: any WallClock) { self.clock = clock }

  var requestTimes: [Date] { times.withLock { $0 } }

  func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
    let now = clock.now
    times.withLock { $0.append(now) }
    let seconds = Int(now.timeIntervalSince1970)
    let body = #"{"c":101.25,"d":1.25,"dp":1.25,"h":102,"l":99.5,"o":100,"pc":100,"t":\#(seconds)}"#
    return HTTPAnswer(status: 200, body: Array(body.utf8))
  }
}

/// Lets no time pass while a client waits for a token. Time moves only between rounds
/// here, so the 1- and 1,000-client runs are compared at the same instants however their
/// tasks interleave: a client that came after a round's flight and waited on the shared
/// manual clock would otherwise move it and earn a token that the single client, never
/// waiting, does not.
struct TimelessSleeper: GatewaySleeper {
  func sleep(seconds: TimeInterval) async throws {}
}

/// The issue's proof with the live Finnhub provider behind the gateway on its free
/// budget: 1,000 clients watching 50 symbols for 90 seconds cause exactly the upstream
/// calls one client causes, and no window of time ever holds more calls than the
/// budget allows (60 a minute, 30 in a second).
@Suite("Live provider budget under load")
struct LiveQuoteBudgetTests {
  static let symbols = GatewayFixture.symbols(50)
  static let rounds = 4
  static let roundSeconds: TimeInterval = 30

  struct Run {
    var requestTimes: [Date]
    var failures: Int
    var answers: Int
  }

  /// `clients` clients each ask for the 50 quotes, all at once, every half minute.
  func watch(clients: Int) async -> Run {
    let clock = ManualWallClock(GatewayFixture.start)
    let transport = CountingQuoteTransport(clock: clock)
    let gateway = MarketGateway(
      upstream: FinnhubProvider(
        configuration: FinnhubConfiguration(apiKey: "k", baseURL: "https://finnhub.test"),
        transport: MeteredTransport(transport), clock: clock),
      policy: .finnhub(capabilities: FinnhubProvider.freeCapabilities), clock: clock,
      sleeper: TimelessSleeper(),
      metricsFactory: TestMetrics())
    var failures = 0
    var answers = 0
    for round in 0..<Self.rounds {
      if round > 0 { clock.advance(by: Self.roundSeconds) }
      let results = await withTaskGroup(of: QuotesAnswer.self) { group in
        for client in 0..<clients {
          let offset = client % Self.symbols.count
          let symbols = Array(Self.symbols[offset...] + Self.symbols[..<offset])
          group.addTask { await gateway.fetchQuotes(for: symbols, at: clock.now) }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      for result in results {
        failures += result.failures.count
        answers += result.quotes.count
      }
    }
    return Run(requestTimes: transport.requestTimes, failures: failures, answers: answers)
  }

  @Test("1,000 clients cost what one client costs, and the free budget is never exceeded")
  func thousandClientsOneBudget() async {
    let one = await watch(clients: 1)
    let many = await watch(clients: 1_000)
    #expect(many.requestTimes.count == one.requestTimes.count)
    #expect(many.requestTimes == one.requestTimes)
    // The budget is used, and never overdrawn: 30 at once, then a token every 1.94 s,
    // so that no minute ever holds more than 60 calls, the first one included.
    #expect(one.requestTimes.count >= 30 + (Self.rounds - 1) * 15)
    for run in [one, many] {
      #expect(run.requestTimes.busiestWindow(seconds: 1) <= 30)
      #expect(run.requestTimes.busiestWindow(seconds: 60) <= 60)
    }
    // Symbols the budget has not reached yet fail (rate limited) for 1,000 clients
    // exactly as for one; every other answer is fresh or stale.
    #expect(many.failures == one.failures * 1_000)
    #expect(many.answers == one.answers * 1_000)
    #expect(one.answers + one.failures == Self.rounds * 50)
  }
}
