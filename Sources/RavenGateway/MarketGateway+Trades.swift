import Foundation
import RavenCore
import RavenMarketData

extension MarketGateway {
  /// Folds streamed trades into the cached quotes: each cached quote moves to its
  /// symbol's latest newer trade and counts as fresh again, so clients see the price
  /// move without an upstream call. Symbols without a cached quote are skipped (a quote
  /// needs the previous close, which only a REST answer gives). The quotes are as of
  /// `instant`, the market clock's now when the prints arrive. Returns how many quotes moved.
  @discardableResult
  public func record(_ trades: [TradePrint], at instant: Date) -> Int {
    var latest: [Symbol: TradePrint] = [:]
    for trade in trades where trade.time > (latest[trade.symbol]?.time ?? .distantPast) {
      latest[trade.symbol] = trade
    }
    return quotes.amend(Array(latest.keys), at: instant) { symbol, quote in
      latest[symbol].flatMap(quote.moved(to:))
    }
  }
}
