import Metrics
import RavenMarketData

/// The gateway's metrics. Labels name providers, kinds and outcomes, never symbols, so
/// the number of series stays fixed however many symbols are watched.
///
/// - `raven_upstream_calls_total{provider, kind, outcome}`: `success` (the provider
///   answered, "unknown symbol" included), `failure` (unavailable, timed out),
///   `rate_limited` (refused by our budget or by the provider).
/// - `raven_cache_requests_total{kind, result}`: `hit` (fresh in cache), `miss` (asked
///   upstream, alone or joined to an identical request in flight), `stale` (the last good
///   value served past its lifetime). A batch counts once per symbol.
/// - `raven_upstream_tokens_remaining{provider}`: whole calls left in the rate budget.
/// - `raven_upstream_circuit_open{provider}`: 1 while the circuit breaker is open.
struct GatewayMetrics: Sendable {
  enum CallOutcome: String, Sendable, CaseIterable {
    case success
    case failure
    case rateLimited = "rate_limited"
  }

  enum CacheResult: String, Sendable, CaseIterable {
    case hit
    case miss
    case stale
  }

  private let calls: [MarketDataKind: [CallOutcome: Counter]]
  private let cache: [MarketDataKind: [CacheResult: Counter]]
  private let tokens: Gauge
  private let circuitOpen: Gauge

  init(provider: String, factory: any MetricsFactory) {
    var calls: [MarketDataKind: [CallOutcome: Counter]] = [:]
    var cache: [MarketDataKind: [CacheResult: Counter]] = [:]
    for kind in MarketDataKind.allCases {
      for outcome in CallOutcome.allCases {
        calls[kind, default: [:]][outcome] = Counter(
          label: "raven_upstream_calls_total",
          dimensions: [
            ("provider", provider), ("kind", kind.rawValue), ("outcome", outcome.rawValue),
          ],
          factory: factory)
      }
      for result in CacheResult.allCases {
        cache[kind, default: [:]][result] = Counter(
          label: "raven_cache_requests_total",
          dimensions: [("kind", kind.rawValue), ("result", result.rawValue)], factory: factory)
      }
    }
    self.calls = calls
    self.cache = cache
    self.tokens = Gauge(
      label: "raven_upstream_tokens_remaining", dimensions: [("provider", provider)],
      factory: factory)
    self.circuitOpen = Gauge(
      label: "raven_upstream_circuit_open", dimensions: [("provider", provider)], factory: factory)
  }

  func call(_ kind: MarketDataKind, _ outcome: CallOutcome) {
    calls[kind]?[outcome]?.increment()
  }

  func cache(_ kind: MarketDataKind, _ result: CacheResult, count: Int = 1) {
    guard count > 0 else { return }
    cache[kind]?[result]?.increment(by: count)
  }

  func tokensRemaining(_ count: Int) {
    tokens.record(count)
  }

  func circuit(isOpen: Bool) {
    circuitOpen.record(isOpen ? 1 : 0)
  }
}
