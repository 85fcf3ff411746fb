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
      budget: status.budget,
      circuit: status.circuit)
  }
}
