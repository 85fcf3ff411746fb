import RavenAPI
import RavenCore
import RavenGateway
import RavenMarketData

// The gateway's typed view of its providers, in the API's words.

extension ProvidersBody.Provider {
  init(_ status: MarketProviderStatus) {
    self.init(
      id: status.id, attribution: status.attribution,
      capabilities: status.capabilities.map(\.rawValue),
      fallbackFor: status.fallbackFor.map(\.rawValue),
      budget: status.budget.map {
        ProvidersBody.Budget(
          capacity: $0.capacity, refillPerSecond: $0.refillPerSecond, remaining: $0.remaining,
          windowCalls: $0.windowCalls, windowSeconds: $0.windowSeconds)
      },
      circuit: ProvidersBody.Circuit(
        state: CircuitState(status.circuit.state),
        consecutiveFailures: status.circuit.consecutiveFailures,
        retryAt: status.circuit.retryAt))
  }
}

extension CircuitState {
  init(_ state: CircuitBreakerState) {
    switch state {
    case .closed: self = .closed
    case .open: self = .open
    case .halfOpen: self = .halfOpen
    }
  }
}
