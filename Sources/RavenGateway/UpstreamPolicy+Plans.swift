import RavenMarketData

/// The policies of the live providers' plans. The providers say what they serve
/// (`capabilities`); the gateway decides how often it may ask and how batches count.
extension UpstreamPolicy {
  /// Finnhub: 60 calls a minute, at most 30 a second on the free plan; no batch quote
  /// endpoint, so one call per symbol of a batch.
  public static func finnhub(
    budget: RateBudget = .finnhubFree, capabilities: Set<MarketDataKind>
  ) -> UpstreamPolicy {
    UpstreamPolicy(
      id: "finnhub", budget: budget, capabilities: capabilities, batchQuoteCost: .perSymbol)
  }

  /// Alpaca's market data: 200 calls a minute on the free plan; a batch of quotes is one
  /// call.
  public static func alpaca(
    budget: RateBudget = .alpacaFree, capabilities: Set<MarketDataKind>
  ) -> UpstreamPolicy {
    UpstreamPolicy(
      id: "alpaca", budget: budget, capabilities: capabilities, batchQuoteCost: .perCall)
  }

  /// Alpha Vantage: 25 calls a day, at most one a second on the free plan; one call per
  /// symbol of a batch of quotes.
  public static func alphaVantage(
    budget: RateBudget = .alphaVantageFree, capabilities: Set<MarketDataKind>
  ) -> UpstreamPolicy {
    UpstreamPolicy(
      id: "alphavantage", budget: budget, capabilities: capabilities, batchQuoteCost: .perSymbol)
  }
}
