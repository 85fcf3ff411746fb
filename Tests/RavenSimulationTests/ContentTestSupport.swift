import Foundation
import RavenCore
import RavenTestSupport

@testable import RavenSimulation

/// Reading the simulated prices back through the public bars, to check content against.
enum ContentTestSupport {
  /// One finished session as the daily bars show it.
  struct Day {
    var date: MarketDate
    var previousClose: Price
    var bar: Bar
  }

  /// The finished sessions of `from ... to` (New York days), each with the close before it.
  static func days(
    _ market: SimulatedMarket, _ symbol: Symbol, from: MarketDate, to: MarketDate
  ) throws -> [Day] {
    let timeZone = MarketFixture.calendar.timeZone
    let end = timeZone.instant(on: to.adding(days: 1), secondsSinceMidnight: 0)
    let bars = try market.bars(
      for: symbol, resolution: .day,
      from: timeZone.instant(on: from.adding(days: -7), secondsSinceMidnight: 0), to: end,
      asOf: end)
    return zip(bars, bars.dropFirst()).compactMap { previous, bar in
      let date = timeZone.marketDate(of: bar.time)
      return date >= from ? Day(date: date, previousClose: previous.close, bar: bar) : nil
    }
  }

  /// The session day a story id names: `sim-AAPL-20261120-1` → 2026-11-20.
  static func date(ofStory id: String) -> MarketDate? {
    let parts = id.split(separator: "-")
    guard parts.count >= 4 else { return nil }
    let digits = parts[parts.count - 2]
    guard digits.count == 8 else { return nil }
    return MarketDate(
      "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))")
  }

  /// The first number written as `12.3%` (no sign) in `text`.
  static func percentFigure(in text: String) -> ExactDecimal? {
    guard let percent = text.firstIndex(of: "%") else { return nil }
    let digits = text[..<percent].reversed().prefix { $0.isNumber || $0 == "." }
    return ExactDecimal(String(digits.reversed()))
  }

  static func stock(_ market: SimulatedMarket, _ symbol: Symbol) -> StockModel {
    guard let stock = market.stocks[symbol] else { preconditionFailure("No \(symbol)") }
    return stock
  }
}
