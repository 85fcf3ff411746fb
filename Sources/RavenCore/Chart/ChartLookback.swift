import Foundation

/// How far back a chart range looks, as a calendar span rather than a fixed duration.
///
/// Trading-day spans count sessions, so 1D after a holiday weekend still shows one full
/// session; month and year spans step the calendar back from the latest session's date.
/// Whoever holds the NYSE calendar turns these into instants.
public enum ChartLookback: Sendable, Hashable {
  /// The last `n` trading sessions.
  case tradingDays(Int)
  /// `n` calendar months back from the latest session's date.
  case months(Int)
  /// `n` calendar years back from the latest session's date.
  case years(Int)
  /// From New York's January 1 of the latest session's year.
  case yearToDate
  /// Every bar there is.
  case all
}
