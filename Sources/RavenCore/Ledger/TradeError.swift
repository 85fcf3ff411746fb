/// Why a trade was refused, with the exact message the app shows as a toast and a
/// stable machine code for API clients.
///
/// A struct over a private enum (the swift-nio pattern), so that new reasons can be
/// added without breaking callers that switch over codes.
public struct TradeError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Reason: String, Sendable, Hashable {
    case invalidAmount = "invalid_amount"
    case nonPositiveBuy = "non_positive_buy"
    case nonPositiveSell = "non_positive_sell"
    case insufficientFunds = "insufficient_funds"
    case insufficientShares = "insufficient_shares"
    case unknownSymbol = "unknown_symbol"
    case noPrice = "no_price"
  }

  private let reason: Reason

  /// Not a number, empty, too many decimals or absurdly large.
  public static let invalidAmount = TradeError(reason: .invalidAmount)
  /// Zero or negative shares on a buy.
  public static let nonPositiveBuy = TradeError(reason: .nonPositiveBuy)
  /// Zero or negative shares on a sell.
  public static let nonPositiveSell = TradeError(reason: .nonPositiveSell)
  /// The cost is more than the cash.
  public static let insufficientFunds = TradeError(reason: .insufficientFunds)
  /// Selling more shares than are held.
  public static let insufficientShares = TradeError(reason: .insufficientShares)
  /// The market does not know the symbol.
  public static let unknownSymbol = TradeError(reason: .unknownSymbol)
  /// The market knows the symbol but has no price to trade at.
  public static let noPrice = TradeError(reason: .noPrice)

  /// A stable snake_case code, e.g. `insufficient_funds`.
  public var code: String { reason.rawValue }

  /// The sentence a person reads, e.g. `Not enough money to buy`.
  public var message: String {
    switch reason {
    case .invalidAmount: "Please enter a valid amount"
    case .nonPositiveBuy: "Cannot buy non-positive shares"
    case .nonPositiveSell: "Cannot sell non-positive shares"
    case .insufficientFunds: "Not enough money to buy"
    case .insufficientShares: "Not enough shares to sell"
    case .unknownSymbol: "Unknown symbol"
    case .noPrice: "No price available"
    }
  }

  public var description: String { message }
}
