import Foundation
import RavenCore
import RavenStore

extension LedgerAccount {
  /// Net worth over time, rebuilt from the user's trades, splits, dividends and transfers
  /// and the market's bars: at each bar time, the cash and shares held then, valued at that
  /// bar's close, and a point at each deposit or withdrawal with its flow. Nothing is
  /// stored for it, so it is exact for any span and after any trade. `.all` starts at the
  /// session of the first trade or transfer (the latest session before any). A range starts
  /// at a close, as a day's change is measured from the previous close: the one before its
  /// first session (1D, 1W, ALL), or the close on its first date (a month or a year back, as
  /// trailing returns are measured; YTD from last year's last close). It ends at the books as
  /// they are: a transfer since the last close is its last point.
  public func equityHistory(_ lookback: ChartLookback) async throws -> BrokeragePortfolioHistory {
    try await equityHistory(lookback, resolution: nil)
  }

  /// `equityHistory(_:)` with points `resolution` wide, or as suits the span when nil.
  public func equityHistory(_ lookback: ChartLookback, resolution: BarResolution?)
    async throws -> BrokeragePortfolioHistory
  {
    let now = clock.now
    let books = try await Books(of: self)
    guard var interval = calendar.interval(looking: lookback, backFrom: now) else {
      return BrokeragePortfolioHistory(points: [], baseValue: nil)
    }
    if lookback == .all {
      let first = books.firstEvent.flatMap { time in
        calendar.latestSessionIndex(openedAtOrBefore: time).map { calendar.sessions[$0].open }
      }
      guard let start = first ?? calendar.interval(looking: .tradingDays(1), backFrom: now)?.start
      else { return BrokeragePortfolioHistory(points: [], baseValue: nil) }
      interval = DateInterval(start: start, end: max(interval.end, start))
    }
    var base = interval.start
    switch lookback {
    case .months, .years, .yearToDate:
      // The close on the range's first date (it starts at that date's midnight), if any.
      let date = calendar.timeZone.marketDate(of: interval.start)
      base = calendar.timeZone.instant(on: date.adding(days: 1), secondsSinceMidnight: 0)
    case .tradingDays, .all:
      break
    }
    return try await history(
      books, over: interval, base: calendar.latestClose(atOrBefore: base) ?? interval.start,
      resolution: resolution ?? Self.resolution(spanning: interval), now: now, through: now)
  }

  /// Net worth from `start` to `end` (at most now), as `equityHistory(_:)` rebuilds it, at
  /// the width the caller chose: Alpaca's portfolio history with `start`, `end` and
  /// `timeframe`.
  public func equityHistory(from start: Date, to end: Date, resolution: BarResolution)
    async throws -> BrokeragePortfolioHistory
  {
    let now = clock.now
    let books = try await Books(of: self)
    let end = min(end, now)
    let start = min(start, end)
    return try await history(
      books, over: DateInterval(start: start, end: end),
      base: calendar.latestClose(atOrBefore: start) ?? start, resolution: resolution, now: now,
      through: end)
  }

  /// What the history is rebuilt from: the account and everything that changed its books.
  struct Books {
    var account: Account
    var trades: [Trade]
    var bookings: [CorporateActionBooking]
    var transfers: [Transfer]

    init(of ledger: LedgerAccount) async throws {
      account = try await ledger.store.account(accountID: ledger.accountID)
      trades = try await ledger.store.tradeHistory(accountID: ledger.accountID).map(\.trade)
      bookings = try await ledger.store.corporateActionBookings(accountID: ledger.accountID)
      transfers = try await ledger.store.transfers(accountID: ledger.accountID)
    }

    /// When the account first traded or moved money.
    var firstEvent: Date? { [trades.first?.time, transfers.first?.time].compactMap { $0 }.min() }
  }

  /// The points from `base` (the close the range starts at) to `requested.end`, and the
  /// transfers up to `through`.
  private func history(
    _ books: Books, over requested: DateInterval, base requestedBase: Date,
    resolution: BarResolution, now: Date, through: Date
  ) async throws -> BrokeragePortfolioHistory {
    var base = min(requestedBase, requested.end)
    let (account, trades, transfers) = (books.account, books.trades, books.transfers)
    // A reset began a new period: what came before it is another period's, and the period
    // starts with its starting cash (a reset since the range's end leaves it that one point,
    // and the transfers since).
    if let periodStart = account.periodStartedAt, base < periodStart { base = periodStart }
    let interval = DateInterval(start: base, end: max(requested.end, base))
    // Trades since the last close too: a transfer after them is a point that values them.
    let symbols = Set(trades.filter { $0.time <= through }.map(\.symbol))
    var bars: [Symbol: [Bar]] = [:]
    for symbol in symbols {
      // As they traded, times the shares held then; from a few days before the range, so
      // that its first instant is valued from the same bars a wider range values it from.
      bars[symbol] = try await market.rawBars(
        for: symbol, resolution: resolution, from: interval.start.addingTimeInterval(-4 * 86_400),
        to: interval.end.addingTimeInterval(1), asOf: now)
    }
    // Each transfer in the range is a point of its own, so its flow is valued where it
    // happened; those before the range are in its starting value, and those since the last
    // close (overnight, on a weekend) end the range, so that it ends at the books as they are.
    let flowTimes = transfers.map(\.time).filter { $0 > base && $0 <= through }
    let grid = Self.timeGrid(interval, resolution: resolution, calendar: calendar)
    let times = Array(Set([base] + grid + flowTimes)).sorted()
    let points = Self.points(
      trades: trades, bookings: books.bookings, transfers: transfers,
      startingCash: account.startingCash, bars: bars, times: times,
      barSeconds: resolution.intradaySeconds)
    return BrokeragePortfolioHistory(
      points: points, baseValue: points.first?.equity, resolution: resolution, flowsKnown: true,
      activeSince: books.firstEvent)
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

  /// The instants the chart shows: each session's open in `interval`, then every multiple
  /// of the `resolution` step after it (as bars are aligned: hourly points at 10:00, 11:00,
  /// …), up to the close or the interval's end; one per session, at its close, for daily
  /// points.
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
        // The next multiple of the step: New York's offsets are whole hours, so a multiple
        // in UTC is one on the exchange's clock too.
        let width = TimeInterval(step)
        time = Date(
          timeIntervalSince1970: ((time.timeIntervalSince1970 / width).rounded(.down) + 1) * width)
      }
    }
    return times
  }

  /// Replays `trades`, `bookings` and `transfers` along `times`, in time order: a split at
  /// its ex-date's open, a dividend when it was paid, a transfer when it was made (its
  /// amount the flow of the first point at or after it; those before the first point are
  /// in its value). A symbol's price at a time is the price then, whatever the width of the
  /// points, so one instant has one value on every range (`BarPrices`).
  static func points(
    trades: [Trade], bookings: [CorporateActionBooking] = [], transfers: [Transfer] = [],
    startingCash: Money, bars: [Symbol: [Bar]], times: [Date], barSeconds: Int? = nil
  ) -> [BrokeragePortfolioHistory.Point] {
    let prices = BarPrices(width: TimeInterval(barSeconds ?? 0))
    var ledger = Ledger(cash: startingCash)
    let events = Self.events(trades: trades, bookings: bookings, transfers: transfers)
    var nextEvent = 0
    var cursors: [Symbol: Int] = [:]
    var points: [BrokeragePortfolioHistory.Point] = []
    points.reserveCapacity(times.count)
    for time in times {
      // What happened at or before this instant counts from here on.
      var flow = Money.zero
      while nextEvent < events.count, events[nextEvent].time <= time {
        events[nextEvent].apply(to: &ledger)
        if case .transfer(let amount) = events[nextEvent].change, !points.isEmpty {
          flow += amount
        }
        nextEvent += 1
      }
      var value = ledger.cash
      for (symbol, position) in ledger.positions {
        guard let series = bars[symbol], !series.isEmpty else { continue }
        var cursor = cursors[symbol] ?? 0
        let price = prices.price(in: series, at: time, cursor: &cursor)
        cursors[symbol] = cursor
        value += position.marketValue(at: price)
      }
      points.append(BrokeragePortfolioHistory.Point(time: time, equity: value, flow: flow))
    }
    return points
  }
}

/// One thing that changed an account's books, for replaying them in time order.
struct LedgerEvent {
  enum Change {
    case trade(Trade)
    case split(Symbol, shares: Quantity)
    /// A dividend paid (negative: owed on a short).
    case cash(Money)
    /// A deposit or withdrawal: money from outside the account.
    case transfer(Money)
  }

  var time: Date
  var change: Change

  func apply(to ledger: inout Ledger) {
    switch change {
    case .trade(let trade): ledger.apply(trade)
    case .split(let symbol, let shares): ledger.split(symbol, to: shares)
    case .cash(let amount), .transfer(let amount): ledger.receive(amount)
    }
  }
}

extension LedgerAccount {
  /// Trades, bookings and transfers as events, in time order; a split before a trade at
  /// the same instant (it is booked at the open, before that minute is matched).
  static func events(
    trades: [Trade], bookings: [CorporateActionBooking], transfers: [Transfer] = []
  ) -> [LedgerEvent] {
    var events: [(event: LedgerEvent, rank: Int)] = transfers.map {
      (LedgerEvent(time: $0.time, change: .transfer($0.amount)), 0)
    }
    for booking in bookings {
      switch booking.kind {
      case .split:
        events.append(
          (
            LedgerEvent(
              time: booking.bookedAt, change: .split(booking.symbol, shares: booking.sharesAfter)),
            0
          ))
      case .dividend:
        if let paidAt = booking.paidAt, !booking.amount.isZero {
          events.append((LedgerEvent(time: paidAt, change: .cash(booking.amount)), 0))
        }
      }
    }
    events += trades.map { (LedgerEvent(time: $0.time, change: .trade($0)), 1) }
    // Stable: trades keep their own order.
    return events.enumerated().sorted {
      ($0.element.event.time, $0.element.rank, $0.offset)
        < ($1.element.event.time, $1.element.rank, $1.offset)
    }.map(\.element.event)
  }
}
