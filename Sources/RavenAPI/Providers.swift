import Foundation

/// `GET /api/v1/market/providers`: where the server's market data comes from. Kinds and
/// states are the server's words (`quote`, `bars`, …; `closed`, `open`, `half_open`), kept
/// as text so that a client built before a new kind was added still reads the report.
public struct ProvidersBody: Sendable, Hashable, Codable {
  public var providers: [Provider]
  /// Who serves each kind first, keyed by the kind (`quote`, `bars`, …).
  public var sources: [String: Attribution]

  public init(providers: [Provider], sources: [String: Attribution]) {
    self.providers = providers
    self.sources = sources
  }

  /// The name and home page of a data source.
  public struct Attribution: Sendable, Hashable, Codable {
    public var name: String
    public var url: String?
    /// Whether the data is made up (the simulated market) rather than real.
    public var isSimulated: Bool

    public init(name: String, url: String?, isSimulated: Bool) {
      self.name = name
      self.url = url
      self.isSimulated = isSimulated
    }
  }

  /// One provider: what it serves, its rate budget left, and its circuit breaker.
  public struct Provider: Sendable, Hashable, Codable {
    public var id: String
    public var attribution: Attribution
    public var capabilities: [String]
    public var fallbackFor: [String]
    /// One entry per rate limit; empty when the provider is unlimited.
    public var budget: [Budget]
    public var circuit: Circuit

    public init(
      id: String, attribution: Attribution, capabilities: [String], fallbackFor: [String],
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
      capacity: Int, refillPerSecond: Double, remaining: Int, windowCalls: Int?,
      windowSeconds: Double?
    ) {
      self.capacity = capacity
      self.refillPerSecond = refillPerSecond
      self.remaining = remaining
      self.windowCalls = windowCalls
      self.windowSeconds = windowSeconds
    }
  }

  /// Whether calls go through (`closed`), are held back after failures (`open`, until
  /// `retryAt`), or one trial call is let through (`half_open`).
  public struct Circuit: Sendable, Hashable, Codable {
    public var state: String
    public var consecutiveFailures: Int
    public var retryAt: Date?

    public init(state: String, consecutiveFailures: Int, retryAt: Date?) {
      self.state = state
      self.consecutiveFailures = consecutiveFailures
      self.retryAt = retryAt
    }
  }
}
