import Foundation

extension NYSECalendar {
  /// The index in `sessions` of the last session whose open is at or before `instant`:
  /// the session in progress, or the one that most recently closed. `nil` before the
  /// first session, and outside the covered instants (a later, unknown session might
  /// have opened since).
  public func latestSessionIndex(openedAtOrBefore instant: Date) -> Int? {
    guard coveredInstants.contains(instant) else { return nil }
    let index = sessions.partitioningIndex { $0.open > instant } - 1
    return index >= 0 ? index : nil
  }

  /// The index in `sessions` of the first session whose close is at or after `instant`:
  /// the session in progress, or the next one between sessions; the session a close-to-close
  /// return over `instant` belongs to. `nil` past the last covered session.
  public func sessionIndex(closingAtOrAfter instant: Date) -> Int? {
    let index = sessions.partitioningIndex { $0.close >= instant }
    return index < sessions.count ? index : nil
  }

  /// The last closing bell at or before `instant`; `nil` before the first covered session's.
  public func latestClose(atOrBefore instant: Date) -> Date? {
    let next = sessionIndex(closingAtOrAfter: instant) ?? sessions.count
    if next < sessions.count, sessions[next].close == instant { return instant }
    return next > 0 ? sessions[next - 1].close : nil
  }

  /// The index in `sessions` of the session in progress at `instant`, if any.
  public func sessionIndex(containing instant: Date) -> Int? {
    guard let index = latestSessionIndex(openedAtOrBefore: instant),
      instant < sessions[index].close
    else { return nil }
    return index
  }

  /// Whether the regular session is in progress: `open <= instant < close`.
  /// `false` outside the covered instants.
  public func isOpen(at instant: Date) -> Bool {
    sessionIndex(containing: instant) != nil
  }

  /// The first opening bell strictly after `instant`; `nil` when it is not among the
  /// covered sessions, or `instant` is before the covered instants.
  public func nextOpen(after instant: Date) -> Date? {
    guard instant >= coveredInstants.lowerBound else { return nil }
    let index = sessions.partitioningIndex { $0.open > instant }
    return index < sessions.count ? sessions[index].open : nil
  }

  /// The first closing bell strictly after `instant`: the current session's close while
  /// the market is open, else the next session's. `nil` when it is not among the covered
  /// sessions, or `instant` is before the covered instants.
  public func nextClose(after instant: Date) -> Date? {
    guard instant >= coveredInstants.lowerBound else { return nil }
    let index = sessions.partitioningIndex { $0.close > instant }
    return index < sessions.count ? sessions[index].close : nil
  }

  /// The exchange's state at `instant`: the phase of the day, the session in progress
  /// or next, and the next opening and closing bells.
  public func status(at instant: Date) -> MarketStatus {
    let date = timeZone.marketDate(of: instant)
    let phase: MarketPhase
    if let session = session(on: date) {
      phase =
        if instant < session.preMarketOpen {
          .overnight
        } else if instant < session.open {
          .preMarket
        } else if instant < session.close {
          .open
        } else if instant < session.afterHoursClose {
          .afterHours
        } else {
          .overnight
        }
    } else {
      // A day without a session always has a reason: weekend, holiday or not covered.
      phase = .closed(closure(on: date) ?? .outsideCalendar)
    }
    let currentOrNext: TradingSession?
    if let current = sessionIndex(containing: instant) {
      currentOrNext = sessions[current]
    } else if instant >= coveredInstants.lowerBound {
      let next = sessions.partitioningIndex { $0.open > instant }
      currentOrNext = next < sessions.count ? sessions[next] : nil
    } else {
      currentOrNext = nil
    }
    return MarketStatus(
      instant: instant, date: date, phase: phase, currentOrNextSession: currentOrNext,
      nextOpen: nextOpen(after: instant), nextClose: nextClose(after: instant))
  }
}

extension NYSECalendar {
  /// The index of the first session on or after `date`; `nil` when there is none in
  /// the covered years.
  public func firstSessionIndex(onOrAfter date: MarketDate) -> Int? {
    guard date <= coveredDates.upperBound else { return nil }
    let index = sessionIndices(
      from: max(date, coveredDates.lowerBound), through: coveredDates.upperBound
    )
    .lowerBound
    return index < sessions.count ? index : nil
  }

  /// The indices of the sessions that overlap `[from, to)`: those that close after
  /// `from` and open before `to`.
  public func sessionIndices(overlapping from: Date, _ to: Date) -> Range<Int> {
    guard from < to else { return 0..<0 }
    let first = sessions.partitioningIndex { $0.close > from }
    let end = sessions.partitioningIndex { $0.open >= to }
    return first < end ? first..<end : first..<first
  }
}
