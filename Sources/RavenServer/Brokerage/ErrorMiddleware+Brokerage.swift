import Hummingbird
import Logging
import RavenBrokerage
import RavenCore

extension ErrorMiddleware {
  /// A brokerage's refusal as the same code and message the built-in ledger gives for
  /// the same reason (`TradeError`), so the app shows one set of messages whichever way
  /// a user trades; the brokerage's own failures as 503, their detail in the log only.
  static func brokerageError(_ error: BrokerageError, logger: Logger) -> APIError {
    switch error {
    case .insufficientFunds: return tradeError(.insufficientFunds)
    case .insufficientShares: return tradeError(.insufficientShares)
    case .unknownSymbol: return tradeError(.unknownSymbol)
    case .amountTooSmall: return orderError(.amountTooSmall)
    case .notFound: return .notFound
    case .duplicateClientOrderID: return orderError(.duplicateClientOrderID)
    case .orderEnded: return orderError(.orderNotCancelable)
    case .rejected(let message):
      return .validation("order_rejected", "Alpaca refused the order: \(message)")
    case .unsupported(let message):
      return .validation("linked_account_unsupported", message)
    case .rateLimited:
      return .tooManyRequests(
        retryAfter: 5, message: "Too many requests to Alpaca; try again shortly")
    case .invalidCredentials:
      return APIError(
        .conflict, code: "brokerage_keys_refused",
        message: "Alpaca no longer accepts your keys; link your Alpaca account again")
    case .unavailable:
      logger.warning("Brokerage unavailable", metadata: ["error": "\(error)"])
      return APIError(
        .serviceUnavailable, code: "brokerage_unavailable",
        message: "Alpaca cannot be reached right now; try again shortly")
    }
  }
}
