import Foundation
import RavenCore
import RavenMarketData

/// One provider as `GET /api/v1/market/providers` reports it: what it serves, how much
/// of its rate budget is left and whether its circuit breaker lets calls through.
public struct MarketProviderStatus: Sendable, Hashable, Codable {
  /// The stable short name used in metrics, e.g. `finnhub`.
  public var id: String
  public var attribution: DataAttribution
  /// The kinds this provider serves first.
  public var capabilities: [MarketDataKind]
  /// The kinds it serves when the providers before it fail or cannot.
  public var fallbackFor: [MarketDataKind]
  /// One entry per rate limit; empty when the provider is unlimited.
  public var budget: [Budget]
  public var circuit: Circuit

  public init(
    id: String, attribution: DataAttribution, capabilities: [MarketDataKind],
    fallbackFor: [MarketDataKind] = [], budget: [Budget], circuit: Circuit
  ) {
    self.id = id
    self.attribution = attribution
    self.capabilities = capabilities
    self.fallbackFor = fallbackFor
    self.budget = budget
    self.circuit = circuit
  }

  /// Whole calls that can be made now; `nil` when unlimited.
  public var remainingCalls: Int? { budget.map(\.remaining).min() }

  /// A rate limit: a token bucket, and the provider's terms when known.
  public struct Budget: Sendable, Hashable, Codable {
    public var capacity: Int
    public var refillPerSecond: Double
    /// Calls that can be made at once now.
    public var remaining: Int
    /// At most this many calls in any window of `windowSeconds`.
    public var windowCalls: Int?
    public var windowSeconds: Double?

    public init(
      capacity: Int, refillPerSecond: Double, remaining: Int, windowCalls: Int? = nil,
      windowSeconds: Double? = nil
    ) {
      self.capacity = capacity
      self.refillPerSecond = refillPerSecond
      self.remaining = remaining
      self.windowCalls = windowCalls
      self.windowSeconds = windowSeconds
    }
  }

  /// The provider's circuit breaker.
  public struct Circuit: Sendable, Hashable, Codable {
    public var state: CircuitBreakerState
    public var consecutiveFailures: Int
    /// When an open circuit lets the next trial call through.
    public var retryAt: Date?

    public init(state: CircuitBreakerState, consecutiveFailures: Int, retryAt: Date?) {
      self.state = state
      self.consecutiveFailures = consecutiveFailures
      self.retryAt = retryAt
    }
  }
}

/// Where a provider's circuit stands.
public enum CircuitBreakerState: String, Sendable, Hashable, Codable {
  /// Calls go through.
  case closed
  /// The provider failed repeatedly; no calls until the cool-down is over.
  case open
  /// The cool-down is over: one trial call decides between closed and open.
  case halfOpen = "half_open"
}
