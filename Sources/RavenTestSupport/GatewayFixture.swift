import Foundation
import MetricsTestKit
import RavenCore
import RavenGateway
import RavenMarketData

/// A gateway in front of a fake provider, on a manual clock, with its own metrics.
public struct GatewayFixture {
  public static let start = MarketFixture.instant("2026-11-20T15:30:00Z")

  public let clock: ManualWallClock
  public let fake: FakeMarketDataProvider
  public let metrics: TestMetrics
  public let gateway: MarketGateway

  public init(
    budget: RateBudget = .unlimited,
    circuitBreaker: CircuitBreakerPolicy = CircuitBreakerPolicy(),
    capabilities: Set<MarketDataKind> = Set(MarketDataKind.allCases),
    batchQuoteCost: BatchQuoteCost = .perCall,
    configuration: MarketGatewayConfiguration = MarketGatewayConfiguration(),
    start: Date = GatewayFixture.start, sharedBudget: (any SharedRateBudget)? = nil
  ) {
    let clock = ManualWallClock(start)
    let fake = FakeMarketDataProvider(clock: clock)
    let metrics = TestMetrics()
    self.clock = clock
    self.fake = fake
    self.metrics = metrics
    self.gateway = MarketGateway(
      upstream: fake,
      policy: UpstreamPolicy(
        id: "fake", budget: budget, circuitBreaker: circuitBreaker, capabilities: capabilities,
        batchQuoteCost: batchQuoteCost),
      configuration: configuration, clock: clock, sleeper: clock, metricsFactory: metrics,
      sharedBudget: sharedBudget)
  }

  /// A quote for `symbol` at `dollars` (previous close one dollar lower).
  public static func quote(_ symbol: Symbol, _ dollars: Int64, at time: Date = start) -> Quote {
    let price = Price(cents: dollars * 100)
    return Quote(
      symbol: symbol, price: price, open: price, high: price, low: price,
      previousClose: Price(cents: (dollars - 1) * 100), time: time)
  }

  /// `count` distinct symbols: `S1`, `S2`, …
  public static func symbols(_ count: Int) -> [Symbol] {
    (1...count).map { Symbol(stringLiteral: "S\($0)") }
  }

  public static func profile(_ symbol: Symbol, name: String = "Example Inc") -> CompanyProfile {
    CompanyProfile(
      symbol: symbol, name: name, exchange: "NASDAQ", industry: "Technology", ipo: nil,
      webURL: nil, sharesOutstanding: nil, marketCapitalization: nil, source: "Fake")
  }

  /// Minute bars every 60 s from `from` for `count` minutes, closing at 100 + minute cents.
  public static func minuteBars(from: Date, count: Int) -> [Bar] {
    (0..<count).map { minute in
      let price = Price(cents: 10_000 + Int64(minute))
      return Bar(
        time: from.addingTimeInterval(Double(minute) * 60), open: price, high: price, low: price,
        close: price, volume: 100)
    }
  }

  /// The total of a counter, 0 when it was never created or incremented.
  public func counter(_ label: String, _ dimensions: [(String, String)]) -> Int64 {
    metrics.counterTotal(label: label, dimensions: dimensions)
  }

  /// Upstream calls of `kind` with `outcome`.
  public func upstreamCalls(_ kind: MarketDataKind, _ outcome: String) -> Int64 {
    counter(
      "raven_upstream_calls_total",
      [("provider", "fake"), ("kind", kind.rawValue), ("outcome", outcome)])
  }

  public func cacheRequests(_ kind: MarketDataKind, _ result: String) -> Int64 {
    counter("raven_cache_requests_total", [("kind", kind.rawValue), ("result", result)])
  }

  /// Waits (yielding, not sleeping) until `count` callers await an upstream answer.
  public func waitForAwaitingCallers(_ count: Int) async {
    while gateway.awaitingCallers < count { await Task.yield() }
  }
}
