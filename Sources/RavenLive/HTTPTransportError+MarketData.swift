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
