import Foundation
import RavenCore
import RavenMarketData

/// One stock's finished sessions over a stretch of the calendar, as the news desk
/// needs them: full daily figures for the recent sessions and closes alone for the year
/// before them, all from the stock's daily series (so they equal the daily bars).
struct SessionHistory {
  /// The session index of `closes[0]`.
  let start: Int
  /// The session index of `days[0]`; sessions from here on have full figures.
  let detailedStart: Int
  private let closes: [Int64]
  private let days: [SessionFigures]

  /// The finished figures of one session, in cents and shares.
  struct SessionFigures {
    var high: Int64
    var low: Int64
    var close: Int64
    var volume: Int64
  }

  /// Closes for `start ..< end`, full figures for `detailedStart ..< end`.
  init(market: SimulatedMarket, stock: StockModel, start: Int, detailedStart: Int, end: Int) {
    precondition(start <= detailedStart && detailedStart <= end, "Unordered history bounds")
    let series = market.daily(stock)
    let model = market.model
    let days = (detailedStart..<end).map { index in
      SessionFigures(
        high: model.cents(stock, level: series.highLevels[index]),
        low: model.cents(stock, level: series.lowLevels[index]),
        close: model.cents(stock, level: series.closeLevels[index]), volume: series.volumes[index])
    }
    self.start = start
    self.detailedStart = detailedStart
    self.days = days
    self.closes =
      (start..<detailedStart).map { model.cents(stock, level: series.closeLevels[$0]) }
      + days.map(\.close)
  }

  var end: Int { start + closes.count }

  func close(_ session: Int) -> Int64 { closes[session - start] }

  /// Full figures of `session`; `nil` before `detailedStart`.
  func figures(_ session: Int) -> SessionFigures? {
    session >= detailedStart ? days[session - detailedStart] : nil
  }

  /// The mean volume of the `count` sessions before `session`; `nil` without them all.
  func averageVolume(before session: Int, count: Int) -> Int64? {
    guard session - count >= detailedStart, count > 0 else { return nil }
    return days[(session - count - detailedStart)..<(session - detailedStart)]
      .reduce(0) { $0 + $1.volume } / Int64(count)
  }

  /// The highest (or lowest) close of `range` and the session it came in; the
  /// earliest one on ties.
  func extremeClose(in range: Range<Int>, highest: Bool) -> (session: Int, cents: Int64)? {
    var best: (session: Int, cents: Int64)?
    for session in range where session >= start && session < end {
      let cents = close(session)
      if let current = best, highest ? cents <= current.cents : cents >= current.cents {
        continue
      }
      best = (session, cents)
    }
    return best
  }
}
