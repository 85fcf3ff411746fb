import Foundation
import Hummingbird
import RavenCore
import RavenStore

/// Net worth over time, rebuilt from the user's trades and the market's bars: at each
/// bar time, the cash and shares held then, valued at that bar's close. Nothing is
/// stored for it, so it is exact for any range and after any trade.
struct PortfolioHistory {
  let services: AppServices

  struct Point: Encodable, Sendable {
    var time: Date
    var value: Money
  }

  struct HistoryBody: Encodable, Sendable {
    var range: ChartRange
    var points: [Point]
    /// The value at the start of the range (the previous close's value on 1D).
    var baseline: Money?
    var change: Money
    var changePercent: ExactDecimal
  }

  static let ranges: [ChartRange] = [.oneDay, .oneWeek, .oneMonth, .oneYear]

  static func resolution(_ range: ChartRange) -> BarResolution {
    switch range {
    case .oneDay: .fiveMinutes
    case .oneWeek: .thirtyMinutes
    case .oneMonth: .hour
    default: .day
    }
  }

  @Sendable func history(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<HistoryBody>
  {
    let user = try context.requireUser()
    let range = try request.chartRange(default: .oneDay)
    guard Self.ranges.contains(range) else {
      throw APIError.badRequest("range must be one of 1D 1W 1M 1Y", code: "invalid_range")
    }
    if let credentials = try await services.brokerageCredentials(user) {
      return try await brokerageHistory(range, credentials: credentials)
    }
    let now = services.clock.now
    let account = try await services.store.account(userID: user.id)
    let trades = try await services.store.tradeHistory(userID: user.id).map(\.trade)
    guard let interval = services.calendar.interval(looking: range.lookback, backFrom: now) else {
      return JSONBody(Self.empty(range))
    }
    let symbols = Set(trades.filter { $0.time < interval.end }.map(\.symbol))
    var bars: [Symbol: [Bar]] = [:]
    for symbol in symbols {
      bars[symbol] = try await services.market.bars(
        for: symbol, resolution: Self.resolution(range), from: interval.start,
        to: interval.end.addingTimeInterval(1))
    }
    let times = Self.timeGrid(
      interval, resolution: Self.resolution(range), calendar: services.calendar)
    let points = Self.points(
      trades: trades, startingCash: account.startingCash, bars: bars, times: times)
    let baseline = points.first?.value
    let last = points.last?.value
    return JSONBody(
      HistoryBody(
        range: range, points: points, baseline: baseline,
        change: (last ?? .zero) - (baseline ?? .zero),
        changePercent: last.flatMap { last in baseline.flatMap { (last - $0).percent(of: $0) } }
          ?? ExactDecimal.zero.withFractionDigits(2)))
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
    -> [Point]
  {
    var ledger = Ledger(cash: startingCash)
    var nextTrade = 0
    var cursors: [Symbol: Int] = [:]
    var points: [Point] = []
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
      points.append(Point(time: time, value: value))
    }
    return points
  }

  private static func empty(_ range: ChartRange) -> HistoryBody {
    HistoryBody(
      range: range, points: [], baseline: nil, change: .zero,
      changePercent: ExactDecimal.zero.withFractionDigits(2))
  }
}
