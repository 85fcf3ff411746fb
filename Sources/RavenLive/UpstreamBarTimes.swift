import Foundation
import RavenCore
import RavenMarketData

/// Raven's bar-time convention, applied to bars from live providers so that they line
/// up with the simulated market's (see `SimulatedMarket.bars`):
///
/// - an intraday bar's time is its start, and only bars that overlap a regular NYSE
///   session are kept (upstreams also send pre- and after-market bars, which Raven's
///   charts, built session by session, do not show);
/// - a daily bar is stamped at New York midnight of its session's day;
/// - weekly and monthly bars at New York midnight of the first session in their week
///   (Monday to Sunday) or calendar month.
struct UpstreamBarTimes: Sendable {
  let calendar: NYSECalendar

  /// The stamp of the day, week or month bar whose period contains `date`.
  func stamp(_ resolution: BarResolution, periodContaining date: MarketDate) -> Date {
    let midnight = { (day: MarketDate) in
      calendar.timeZone.instant(on: day, secondsSinceMidnight: 0)
    }
    let first: MarketDate
    let last: MarketDate
    switch resolution {
    case .week:
      let daysSinceMonday = (date.weekday.rawValue + 6) % 7
      first = date.adding(days: -daysSinceMonday)
      last = first.adding(days: 6)
    case .month:
      first = MarketDate(year: date.year, month: date.month, day: 1) ?? date
      last = first.adding(days: 31)
    default:
      return midnight(date)
    }
    // Outside the calendar's years the first session is unknown; the upstream's own
    // date is then the best guess.
    guard let index = calendar.firstSessionIndex(onOrAfter: first),
      calendar.sessions[index].date <= last,
      resolution == .week || calendar.sessions[index].date.month == date.month
    else { return midnight(date) }
    return midnight(calendar.sessions[index].date)
  }

  /// Whether the intraday bar `[start, start + seconds)` overlaps a regular session.
  /// Outside the calendar's years that cannot be known, and the bar is kept.
  func overlapsSession(start: Date, seconds: Int) -> Bool {
    guard calendar.coveredInstants.contains(start) else { return true }
    return !calendar.sessionIndices(
      overlapping: start, start.addingTimeInterval(TimeInterval(seconds))
    ).isEmpty
  }
}
