import Foundation
import RavenCore
import RavenStore

extension LedgerAccount {
  /// Net worth over time, rebuilt from the user's trades and the market's bars: at each
  /// bar time, the cash and shares held then, valued at that bar's close. Nothing is
  /// stored for it, so it is exact for any span and after any trade. `.all` starts at the
  /// session of the first trade (the latest session before any).
  public func equityHistory(_ lookback: ChartLookback) async throws -> BrokeragePortfolioHistory {
    let now = clock.now
    let account = try await store.account(accountID: accountID)
    let trades = try await store.tradeHistory(accountID: accountID).map(\.trade)
    guard var interval = calendar.interval(looking: lookback, backFrom: now) else {
      return BrokeragePortfolioHistory(points: [], baseValue: nil)
    }
    if lookback == .all {
      let first = trades.first.flatMap { trade in
        calendar.latestSessionIndex(openedAtOrBefore: trade.time).map { calendar.sessions[$0].open }
      }
      guard let start = first ?? calendar.interval(looking: .tradingDays(1), backFrom: now)?.start
      else { return BrokeragePortfolioHistory(points: [], baseValue: nil) }
      interval = DateInterval(start: start, end: max(interval.end, start))
    }
    // A reset began a new period: what came before it is another period's.
    if let periodStart = account.periodStartedAt, interval.start < periodStart,
      periodStart < interval.end
    {
      interval = DateInterval(start: periodStart, end: interval.end)
    }
    let resolution = Self.resolution(spanning: interval)
    let symbols = Set(trades.filter { $0.time < interval.end }.map(\.symbol))
    var bars: [Symbol: [Bar]] = [:]
    for symbol in symbols {
      // As they traded, times the shares held then.
      bars[symbol] = try await market.rawBars(
        for: symbol, resolution: resolution, from: interval.start,
        to: interval.end.addingTimeInterval(1), asOf: now)
    }
    let times = Self.timeGrid(interval, resolution: resolution, calendar: calendar)
    let points = Self.points(
      trades: trades, startingCash: account.startingCash, bars: bars, times: times)
    return BrokeragePortfolioHistory(
      points: points, baseValue: points.first?.equity, resolution: resolution)
  }

  /// The width of the points over `interval`: five minutes for a session, thirty for a
  /// week, an hour for a month, a day beyond (a few hundred points at most).
  public static func resolution(spanning interval: DateInterval) -> BarResolution {
    switch interval.duration / 86_400 {
    case ..<1.5: .fiveMinutes
    case ..<10: .thirtyMinutes
    case ..<32: .hour
    default: .day
    }
  }

  /// The instants the chart shows: every `resolution` step of each session in
  /// `interval` (one per session, at its close, for daily points), up to the interval's end.
  static func timeGrid(_ interval: DateInterval, resolution: BarResolution, calendar: NYSECalendar)
    -> [Date]
  {
    var times: [Date] = []
    for index in calendar.sessionIndices(overlapping: interval.start, interval.end) {
      let session = calendar.sessions[index]
      guard let step = resolution.intradaySeconds else {
        times.append(min(session.close, interval.end))
        continue
      }
      var time = max(session.open, interval.start)
      while time <= min(session.close, interval.end) {
        times.append(time)
        time = time.addingTimeInterval(TimeInterval(step))
      }
    }
    return times
  }

  /// Replays `trades` along `times`. A symbol's price at a time is the close of its
  /// latest bar starting at or before that time (before its first bar, that bar's open).
  static func points(trades: [Trade], startingCash: Money, bars: [Symbol: [Bar]], times: [Date])
    -> [BrokeragePortfolioHistory.Point]
  {
    var ledger = Ledger(cash: startingCash)
    var nextTrade = 0
    var cursors: [Symbol: Int] = [:]
    var points: [BrokeragePortfolioHistory.Point] = []
    points.reserveCapacity(times.count)
    for time in times {
      // Trades made at or before this instant count from here on.
      while nextTrade < trades.count, trades[nextTrade].time <= time {
        ledger.apply(trades[nextTrade])
        nextTrade += 1
      }
      var value = ledger.cash
      for (symbol, position) in ledger.positions {
        guard let series = bars[symbol], !series.isEmpty else { continue }
        var cursor = cursors[symbol] ?? 0
        while cursor + 1 < series.count, series[cursor + 1].time <= time { cursor += 1 }
        cursors[symbol] = cursor
        let price = series[cursor].time <= time ? series[cursor].close : series[cursor].open
        value += position.marketValue(at: price)
      }
      points.append(BrokeragePortfolioHistory.Point(time: time, equity: value))
    }
    return points
  }
}
