import Foundation
import RavenCore
import RavenMarketData

/// The Alpha Vantage time series that serves bars of one resolution.
struct AlphaVantageSeries: Sendable, Hashable {
  /// `TIME_SERIES_INTRADAY`, `TIME_SERIES_DAILY`, `TIME_SERIES_WEEKLY` or `TIME_SERIES_MONTHLY`.
  let function: String
  /// The intraday `interval` parameter (`1min` … `60min`); `nil` for the other series.
  let interval: String?
  /// Bars of one regular session, to estimate how far back a number of bars reaches.
  private let barsPerSession: Int

  init(_ resolution: BarResolution) {
    switch resolution {
    case .day: function = "TIME_SERIES_DAILY"
    case .week: function = "TIME_SERIES_WEEKLY"
    case .month: function = "TIME_SERIES_MONTHLY"
    default: function = "TIME_SERIES_INTRADAY"
    }
    if let seconds = resolution.intradaySeconds {
      interval = "\(seconds / 60)min"
      // 6½ hours, plus one for a bar that straddles the open (09:00 for hourly bars).
      barsPerSession = 23_400 / seconds + 1
    } else {
      interval = nil
      barsPerSession = 1
    }
  }

  /// Whether the series takes `outputsize` (weekly and monthly always answer in full).
  var hasOutputSize: Bool {
    function == "TIME_SERIES_INTRADAY" || function == "TIME_SERIES_DAILY"
  }

  /// The latest bars `outputsize=compact` answers.
  static let compactBars = 100

  /// Whether the compact answer (the latest 100 bars) reaches back to `from`. It is
  /// asked for whenever it does: a tenth of the size, and for daily bars `full` is a
  /// premium option that a free key is refused.
  func compactReaches(back from: Date, calendar: NYSECalendar, now: Date) -> Bool {
    guard from < now else { return true }
    let sessions = calendar.sessionIndices(overlapping: from, now).count
    // A margin of a few bars for a session Alpha Vantage has not yet published.
    return sessions * barsPerSession <= Self.compactBars - 5
  }
}
