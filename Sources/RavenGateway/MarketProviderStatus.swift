import Foundation
import RavenAPI
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

  // A rate limit's and the circuit breaker's state, in the words the API reports them.
  public typealias Budget = ProvidersBody.Budget
  public typealias Circuit = ProvidersBody.Circuit
}
