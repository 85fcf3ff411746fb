/// Why a brokerage refused or failed. A struct over a private enum (new reasons can be
/// added without breaking callers); the server maps each to the built-in ledger's
/// `TradeError` where one fits, and decides HTTP statuses.
public struct BrokerageError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Reason: Sendable, Hashable {
    case invalidCredentials
    case insufficientFunds
    case insufficientShares
    case unknownSymbol
    case notFound
    case rejected(String)
    case rateLimited
    case unavailable(String)
  }

  private let reason: Reason

  /// The brokerage does not accept the keys (HTTP 401, or 403 on the account).
  public static let invalidCredentials = BrokerageError(reason: .invalidCredentials)
  /// Not enough buying power for the order.
  public static let insufficientFunds = BrokerageError(reason: .insufficientFunds)
  /// Selling more shares than are held (or free to sell).
  public static let insufficientShares = BrokerageError(reason: .insufficientShares)
  /// The brokerage does not list the symbol.
  public static let unknownSymbol = BrokerageError(reason: .unknownSymbol)
  /// No such order.
  public static let notFound = BrokerageError(reason: .notFound)
  /// The brokerage refused the request; `message` is its own words, fit to show.
  public static func rejected(_ message: String) -> BrokerageError {
    BrokerageError(reason: .rejected(message))
  }
  /// Too many requests; try again shortly.
  public static let rateLimited = BrokerageError(reason: .rateLimited)
  /// The brokerage failed, timed out or answered something unreadable; `detail` is for logs.
  public static func unavailable(_ detail: String) -> BrokerageError {
    BrokerageError(reason: .unavailable(detail))
  }

  public var isInvalidCredentials: Bool { reason == .invalidCredentials }
  public var isInsufficientFunds: Bool { reason == .insufficientFunds }
  public var isInsufficientShares: Bool { reason == .insufficientShares }
  public var isUnknownSymbol: Bool { reason == .unknownSymbol }
  public var isNotFound: Bool { reason == .notFound }
  public var isRateLimited: Bool { reason == .rateLimited }
  public var isUnavailable: Bool { if case .unavailable = reason { true } else { false } }

  /// The brokerage's own message when it refused a request.
  public var rejection: String? { if case .rejected(let text) = reason { text } else { nil } }

  public var description: String {
    switch reason {
    case .invalidCredentials: "The brokerage refused the keys"
    case .insufficientFunds: "Not enough buying power"
    case .insufficientShares: "Not enough shares to sell"
    case .unknownSymbol: "Unknown symbol"
    case .notFound: "Not found"
    case .rejected(let message): "Refused: \(message)"
    case .rateLimited: "Too many requests"
    case .unavailable(let detail): "The brokerage is unavailable: \(detail)"
    }
  }
}
