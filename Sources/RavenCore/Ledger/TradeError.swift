/// Why a trade was refused, with the exact message the app shows as a toast and a
/// stable machine code for API clients.
public enum TradeError: String, Error, Sendable, Hashable, CustomStringConvertible {
  /// Not a number, empty, too many decimals or absurdly large.
  case invalidAmount = "invalid_amount"
  /// Zero or negative shares on a buy.
  case nonPositiveBuy = "non_positive_buy"
  /// Zero or negative shares on a sell.
  case nonPositiveSell = "non_positive_sell"
  /// The cost is more than the cash.
  case insufficientFunds = "insufficient_funds"
  /// Selling more shares than are held.
  case insufficientShares = "insufficient_shares"
  /// The market does not know the symbol.
  case unknownSymbol = "unknown_symbol"
  /// The market knows the symbol but has no price to trade at.
  case noPrice = "no_price"

  /// A stable snake_case code, e.g. `insufficient_funds`.
  public var code: String { rawValue }

  /// The sentence a person reads, e.g. `Not enough money to buy`.
  public var message: String {
    switch self {
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
