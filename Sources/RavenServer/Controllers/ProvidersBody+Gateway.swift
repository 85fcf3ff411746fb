import RavenAPI
import RavenGateway
import RavenMarketData

// The gateway's typed view of its providers, in the API's words.

extension ProvidersBody.Attribution {
  init(_ attribution: DataAttribution) {
    self.init(
      name: attribution.name, url: attribution.url, isSimulated: attribution.isSimulated)
  }
}

extension ProvidersBody.Provider {
  init(_ status: MarketProviderStatus) {
    self.init(
      id: status.id, attribution: .init(status.attribution),
      capabilities: status.capabilities.map(\.rawValue),
      fallbackFor: status.fallbackFor.map(\.rawValue),
      budget: status.budget.map {
        .init(
          capacity: $0.capacity, refillPerSecond: $0.refillPerSecond, remaining: $0.remaining,
          windowCalls: $0.windowCalls, windowSeconds: $0.windowSeconds)
      },
      circuit: .init(
        state: status.circuit.state.rawValue,
        consecutiveFailures: status.circuit.consecutiveFailures,
        retryAt: status.circuit.retryAt))
  }
}
