/// Why a brokerage refused or failed. The server maps each to the built-in ledger's
/// `TradeError` where one fits, and decides HTTP statuses.
public enum BrokerageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The brokerage does not accept the keys (HTTP 401, or 403 on the account).
  case invalidCredentials
  /// Not enough buying power for the order.
  case insufficientFunds
  /// Selling more shares than are held (or free to sell).
  case insufficientShares
  /// The order is worth under the brokerage's minimum ($1).
  case amountTooSmall
  /// The brokerage does not list the symbol.
  case unknownSymbol
  /// No such order.
  case notFound
  /// Another order of the account already has this client order id.
  case duplicateClientOrderID
  /// The order has ended (filled, canceled, expired…): it can no longer be canceled or
  /// replaced.
  case orderEnded
  /// The brokerage refused the request; the message is its own words, fit to show.
  case rejected(String)
  /// Raven does not offer this for a linked account yet (not the brokerage's refusal);
  /// the message says what to do instead.
  case unsupported(String)
  /// Too many requests; try again shortly.
  case rateLimited
  /// The brokerage failed, timed out or answered something unreadable; the detail is
  /// for logs.
  case unavailable(String)

  public var description: String {
    switch self {
    case .invalidCredentials: "The brokerage refused the keys"
    case .insufficientFunds: "Not enough buying power"
    case .insufficientShares: "Not enough shares to sell"
    case .amountTooSmall: "The order is worth under the minimum"
    case .unknownSymbol: "Unknown symbol"
    case .notFound: "Not found"
    case .duplicateClientOrderID: "The client order id is already used"
    case .orderEnded: "The order has ended"
    case .rejected(let message): "Refused: \(message)"
    case .unsupported(let message): message
    case .rateLimited: "Too many requests"
    case .unavailable(let detail): "The brokerage is unavailable: \(detail)"
    }
  }
}
