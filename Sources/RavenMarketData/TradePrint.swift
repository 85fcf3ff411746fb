import Foundation
import RavenCore

/// One trade as a streaming feed reports it: the price a symbol last changed hands at.
public struct TradePrint: Sendable, Hashable {
  public var symbol: Symbol
  public var price: Price
  public var time: Date
  /// Shares traded, when the feed says.
  public var size: Int64?

  public init(symbol: Symbol, price: Price, time: Date, size: Int64? = nil) {
    self.symbol = symbol
    self.price = price
    self.time = time
    self.size = size
  }
}

/// A live feed of trades for the symbols being watched, such as Finnhub's trades
/// WebSocket. The gateway folds the trades into its cached quotes, so streamed prices
/// move between REST calls without spending the rate budget.
public protocol TradeFeed: Sendable {
  /// Connects and reports trades until the connection ends (returns) or fails (throws);
  /// the caller reconnects. `watched` is asked now and then for the symbols to follow.
  func run(
    watched: @escaping @Sendable () async -> Set<Symbol>,
    onTrades: @escaping @Sendable ([TradePrint]) async -> Void
  ) async throws
}

extension Quote {
  /// The quote moved to `trade`'s price (the day's high and low widened to include it);
  /// `nil` when the trade is not newer than the quote.
  public func moved(to trade: TradePrint) -> Quote? {
    guard trade.symbol == symbol, trade.time > time else { return nil }
    return Quote(
      symbol: symbol, price: trade.price, open: open, high: max(high, trade.price),
      low: min(low, trade.price), previousClose: previousClose, time: trade.time)
  }
}
