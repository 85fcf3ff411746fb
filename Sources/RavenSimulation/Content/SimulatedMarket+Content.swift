import Foundation
import RavenCore
import RavenMarketData

/// What the news, analyst, earnings and sentiment models share: their noise and when a
/// stock counts as listed.
extension SimulatedMarket {
  /// The noise behind one kind of content for one stock, e.g. `content("news", stock)`.
  /// Separate from the price streams, so adding content never moves a price.
  func content(_ label: String, _ stock: StockModel) -> DeterministicNoise {
    model.noise.stream("content").stream(label).stream(stock.company.symbol.rawValue)
  }

  /// The session that opened most recently at `now`, if the stock was trading by then.
  func listedSession(_ stock: StockModel, asOf now: Date) -> Int? {
    guard let index = calendar.latestSessionIndex(openedAtOrBefore: now),
      index >= stock.firstSession
    else { return nil }
    return index
  }

  /// The day a stock first traded in the calendar (its IPO, or the calendar's first day).
  func firstTradingDay(_ stock: StockModel) -> MarketDate? {
    stock.firstSession < calendar.sessions.count
      ? calendar.sessions[stock.firstSession].date : nil
  }
}

/// `value` brought into `lower...upper`.
func bounded(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
  min(max(value, lower), upper)
}
