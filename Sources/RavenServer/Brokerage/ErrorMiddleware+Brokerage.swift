import Hummingbird
import Logging
import RavenCore
import RavenMarket

extension ErrorMiddleware {
  /// A brokerage's refusal as the same code and message the built-in ledger gives for
  /// the same reason (`TradeError`), so the app shows one set of messages whichever way
  /// a user trades; the brokerage's own failures as 503, their detail in the log only.
  static func brokerageError(_ error: BrokerageError, logger: Logger) -> APIError {
    if error.isInsufficientFunds { return tradeError(.insufficientFunds) }
    if error.isInsufficientShares { return tradeError(.insufficientShares) }
    if error.isUnknownSymbol { return tradeError(.unknownSymbol) }
    if error.isNotFound { return .notFound }
    if let message = error.rejection {
      return .validation("order_rejected", "Alpaca refused the order: \(message)")
    }
    if error.isRateLimited {
      return .tooManyRequests(
        retryAfter: 5, message: "Too many requests to Alpaca; try again shortly")
    }
    if error.isInvalidCredentials {
      return APIError(
        .conflict, code: "brokerage_keys_refused",
        message: "Alpaca no longer accepts your keys; link your Alpaca account again")
    }
    logger.warning("Brokerage unavailable", metadata: ["error": "\(error)"])
    return APIError(
      .serviceUnavailable, code: "brokerage_unavailable",
      message: "Alpaca cannot be reached right now; try again shortly")
  }
}
