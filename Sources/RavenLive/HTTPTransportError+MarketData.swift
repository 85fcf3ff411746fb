import RavenHTTP
import RavenMarketData

extension HTTPTransportError {
  /// The failure as a provider reports it: a request the gateway's budget did not admit
  /// is rate limited; one that got no answer means the provider is unavailable. Both are
  /// transient, so the gateway answers from the last good value.
  var marketDataError: MarketDataError {
    switch self {
    case .notAdmitted: .rateLimited
    case .timedOut, .answerTooLarge, .failed: .unavailable(description)
    }
  }
}

extension HTTPTransport {
  /// GETs `url` for a provider: a request that got no answer throws the provider's error.
  func providerGet(_ url: String, headers: [(name: String, value: String)], timeout: Duration)
    async throws(MarketDataError) -> HTTPAnswer
  {
    do {
      return try await get(url, headers: headers, timeout: timeout)
    } catch {
      throw error.marketDataError
    }
  }
}
