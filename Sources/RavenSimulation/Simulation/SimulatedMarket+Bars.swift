import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The longest span of intraday history one request may ask for, in days. A year of
  /// one-minute bars is ~98,000 bars; more is refused rather than computed for minutes.
  public static let maximumIntradayDays = 400

  /// Bars of `resolution` starting in `[from, to)`, oldest first, as known at `now`:
  /// nothing after `now`, and the bar in progress as it stands. Daily bars are
  /// stamped at New York midnight of their session's day, as Alpaca stamps them;
  /// weekly and monthly bars at their first session's day. Prices are as they traded,
  /// or adjusted for the actions whose ex-dates came by `now` (`adjustment`).
  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf now: Date,
    adjustment: BarAdjustment = .raw
  ) throws(MarketDataError) -> [Bar] {
    guard from < to else { throw .invalidRequest("The interval is empty") }
    let stock = try stock(symbol)
    if resolution.isIntraday {
      guard to.timeIntervalSince(from) <= Double(Self.maximumIntradayDays) * 86_400 else {
        throw .invalidRequest(
          "Intraday bars are limited to \(Self.maximumIntradayDays) days per request")
      }
      let minutes = minuteBars(stock, from: from, to: to, now: now, adjustment: adjustment)
      return resolution == .minute
        ? minutes : BarResampler(timeZone: calendar.timeZone).resample(minutes, to: resolution)
    }
    let days = dailyBars(stock, from: from, to: to, now: now, adjustment: adjustment)
    return resolution == .day
      ? days : BarResampler(timeZone: calendar.timeZone).resample(days, to: resolution)
  }

  func minuteBars(
    _ stock: StockModel, from: Date, to: Date, now: Date, adjustment: BarAdjustment = .raw
  ) -> [Bar] {
    var bars: [Bar] = []
    let scaling = BarScaling.Source(market: self, stock: stock, adjustment: adjustment, asOf: now)
    for index in sessionIndices(
      stock, overlappingFrom: from, to: min(to, now.addingTimeInterval(1)))
    {
      let path = path(stock, session: index)
      if let scale = scaling.scaling(session: index) {
        // A finished session before an ex-date: whole minutes, adjusted.
        bars += scale.minutes(of: path).filter { $0.time >= from && $0.time < to }
        continue
      }
      let state = path.state(at: now)
      let finished = state.minute ?? path.minutes
      for minute in 0..<path.minutes {
        let start = path.session.open.addingTimeInterval(TimeInterval(minute * 60))
        guard start >= from, start < to, start <= now else { continue }
        if minute == finished, let tick = state.minuteTick {
          bars.append(path.bar(minute: minute, start: start, partial: (tick, state.second)))
        } else if minute < finished {
          bars.append(path.bar(minute: minute, start: start, partial: nil))
        }
      }
    }
    return bars
  }

  func dailyBars(
    _ stock: StockModel, from: Date, to: Date, now: Date, adjustment: BarAdjustment = .raw
  ) -> [Bar] {
    let timeZone = calendar.timeZone
    let scaling = BarScaling.Source(market: self, stock: stock, adjustment: adjustment, asOf: now)
    let actions = schedule(stock)
    // A daily bar is stamped at New York midnight; widen by a day to catch edge sessions.
    let indices = sessionIndices(
      stock, overlappingFrom: from.addingTimeInterval(-86_400),
      to: min(to, now.addingTimeInterval(1)))
    let series = daily(stock)  // once: a MAX chart reads ~6,800 of its sessions
    return indices.compactMap { index in
      let session = calendar.sessions[index]
      let stamp = timeZone.instant(on: session.date, secondsSinceMidnight: 0)
      guard stamp >= from, stamp < to, session.open <= now else { return nil }
      // A finished session is a lookup; only the one in progress needs its minutes.
      guard now < session.close else {
        return model.dailyBar(
          stock, series, session: index, stamp: stamp, factor: actions.factor(session: index),
          scaling: scaling.scaling(session: index))
      }
      return path(stock, session: index).dailyBar(stamp: stamp, asOf: now)
    }
  }

  /// Indices of the stock's sessions (from its IPO on) that overlap `[from, to)`.
  func sessionIndices(_ stock: StockModel, overlappingFrom from: Date, to: Date) -> Range<Int> {
    let overlapping = calendar.sessionIndices(overlapping: from, to)
    let first = max(overlapping.lowerBound, stock.firstSession)
    return first < overlapping.upperBound ? first..<overlapping.upperBound : first..<first
  }
}

extension SessionPath {
  /// Minute `minute`'s bar; `partial` is the tick and second reached while it is in progress.
  func bar(minute: Int, start: Date, partial: (tick: Tick, second: Int)?) -> Bar {
    guard let (tick, second) = partial else {
      return Bar(
        time: start, open: Price(cents: opens[minute]), high: Price(cents: highs[minute]),
        low: Price(cents: lows[minute]), close: Price(cents: closes[minute]),
        volume: volumes[minute])
    }
    return Bar(
      time: start, open: Price(cents: opens[minute]), high: Price(cents: tick.high),
      low: Price(cents: tick.low), close: Price(cents: tick.price),
      volume: partialVolume(minute: minute, second: second))
  }

  /// The session's daily bar as of `now`: complete once closed, partial while open.
  func dailyBar(stamp: Date, asOf now: Date) -> Bar {
    let state = state(at: now)
    let finished = state.minute ?? minutes
    var volume = volumes[..<finished].reduce(0, +)
    if let minute = state.minute {
      volume += partialVolume(minute: minute, second: state.second)
    }
    return Bar(
      time: stamp, open: Price(cents: open), high: Price(cents: state.high),
      low: Price(cents: state.low), close: Price(cents: state.price), volume: volume)
  }

  /// A minute's volume so far: its share of the seconds elapsed, at least one trade.
  private func partialVolume(minute: Int, second: Int) -> Int64 {
    max(1, volumes[minute] * Int64(second + 1) / 60)
  }
}
