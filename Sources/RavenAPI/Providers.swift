import Foundation
import RavenCore

/// `GET /api/v1/market/providers`: where the server's market data comes from. Kinds are the
/// server's words (`quote`, `bars`, …), kept as text so that a client built before a new
/// kind was added still reads the report.
public struct ProvidersBody: Sendable, Hashable, Codable {
  public var providers: [Provider]
  /// Who serves each kind first, keyed by the kind (`quote`, `bars`, …).
  public var sources: [String: DataAttribution]

  public init(providers: [Provider], sources: [String: DataAttribution]) {
    self.providers = providers
    self.sources = sources
  }

  /// One provider: what it serves, its rate budget left, and its circuit breaker.
  public struct Provider: Sendable, Hashable, Codable {
    public var id: String
    public var attribution: DataAttribution
    public var capabilities: [String]
    public var fallbackFor: [String]
    /// One entry per rate limit; empty when the provider is unlimited.
    public var budget: [Budget]
    public var circuit: Circuit

    public init(
      id: String, attribution: DataAttribution, capabilities: [String], fallbackFor: [String],
      budget: [Budget], circuit: Circuit
    ) {
      self.id = id
      self.attribution = attribution
      self.capabilities = capabilities
      self.fallbackFor = fallbackFor
      self.budget = budget
      self.circuit = circuit
    }
  }

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

  /// A provider's circuit breaker.
  public struct Circuit: Sendable, Hashable, Codable {
    public var state: CircuitState
    public var consecutiveFailures: Int
    /// When an open circuit lets the next trial call through.
    public var retryAt: Date?

    public init(state: CircuitState, consecutiveFailures: Int, retryAt: Date?) {
      self.state = state
      self.consecutiveFailures = consecutiveFailures
      self.retryAt = retryAt
    }
  }
}

/// Where a provider's circuit stands.
public enum CircuitState: String, Sendable, Hashable, Codable {
  /// Calls go through.
  case closed
  /// The provider failed repeatedly; no calls until the cool-down is over.
  case open
  /// The cool-down is over: one trial call decides between closed and open.
  case halfOpen = "half_open"
}
