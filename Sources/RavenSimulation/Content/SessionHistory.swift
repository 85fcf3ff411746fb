import Foundation
import RavenCore
import RavenMarketData

/// One stock's finished sessions over a stretch of the calendar, as the news desk
/// needs them: full daily figures for the recent sessions and closes alone for the year
/// before them, all from the stock's daily series (so they equal the daily bars as they
/// traded). Figures either side of a split compare once adjusted for it (`close(_:at:)`).
struct SessionHistory {
  /// The session index of `closes[0]`.
  let start: Int
  /// The session index of `days[0]`; sessions from here on have full figures.
  let detailedStart: Int
  private let closes: [Int64]
  private let days: [SessionFigures]
  private let actions: CorporateActionSchedule

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
    let actions = market.schedule(stock)
    let days = (detailedStart..<end).map { index in
      let factor = actions.factor(session: index)
      return SessionFigures(
        high: model.cents(stock, level: series.highLevels[index], factor: factor.raw),
        low: model.cents(stock, level: series.lowLevels[index], factor: factor.raw),
        close: model.cents(stock, level: series.closeLevels[index], factor: factor.raw),
        volume: factor.shares(series.volumes[index]))
    }
    self.start = start
    self.detailedStart = detailedStart
    self.days = days
    self.actions = actions
    self.closes =
      (start..<detailedStart).map { index in
        model.cents(
          stock, level: series.closeLevels[index], factor: actions.rawFactor(session: index))
      } + days.map(\.close)
  }

  var end: Int { start + closes.count }

  func close(_ session: Int) -> Int64 { closes[session - start] }

  /// The close of `session` in the shares of session `reference`: adjusted for the splits
  /// between them, so a 2:1 split is not a halving.
  func close(_ session: Int, at reference: Int) -> Int64 {
    let ratio = splitRatio(session, at: reference)
    let cents = close(session)
    return ratio == 1 ? cents : max(1, Int64((Double(cents) * ratio).rounded()))
  }

  /// Full figures of `session` in the shares of session `reference`; `nil` before
  /// `detailedStart`.
  func figures(_ session: Int, at reference: Int) -> SessionFigures? {
    guard var figures = figures(session) else { return nil }
    let ratio = splitRatio(session, at: reference)
    guard ratio != 1 else { return figures }
    func scaled(_ cents: Int64) -> Int64 { max(1, Int64((Double(cents) * ratio).rounded())) }
    figures.high = scaled(figures.high)
    figures.low = scaled(figures.low)
    figures.close = scaled(figures.close)
    figures.volume = Int64((Double(figures.volume) / ratio).rounded())
    return figures
  }

  /// A price of `session` times this is in the shares of session `reference`.
  private func splitRatio(_ session: Int, at reference: Int) -> Double {
    actions.factor(session: reference).split / actions.factor(session: session).split
  }

  /// Full figures of `session`; `nil` before `detailedStart`.
  func figures(_ session: Int) -> SessionFigures? {
    session >= detailedStart ? days[session - detailedStart] : nil
  }

  /// The mean volume of the `count` sessions before `session`; `nil` without them all.
  /// In the shares of `session`.
  func averageVolume(before session: Int, count: Int) -> Int64? {
    guard session - count >= detailedStart, count > 0 else { return nil }
    let total = ((session - count)..<session).reduce(0.0) { total, day in
      total + Double(days[day - detailedStart].volume) / splitRatio(day, at: session)
    }
    return Int64((total / Double(count)).rounded(.down))
  }

  /// The highest (or lowest) close of `range` in the shares of session `reference`, and
  /// the session it came in; the earliest one on ties.
  func extremeClose(in range: Range<Int>, highest: Bool, at reference: Int)
    -> (session: Int, cents: Int64)?
  {
    var best: (session: Int, cents: Int64)?
    for session in range where session >= start && session < end {
      let cents = close(session, at: reference)
      if let current = best, highest ? cents <= current.cents : cents >= current.cents {
        continue
      }
      best = (session, cents)
    }
    return best
  }
}
