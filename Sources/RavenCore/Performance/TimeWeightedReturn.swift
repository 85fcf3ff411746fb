import Foundation

/// The time-weighted return of a range, as GIPS defines it: the account valued at every
/// session's close and at every external flow, each sub-period's return
/// `(value − flow) ÷ previous value − 1`, linked geometrically. A deposit or withdrawal
/// changes the value but not the return.
public struct TimeWeightedReturn: Sendable, Hashable {
  /// A session's return: its sub-periods linked, from the previous session's last sample
  /// (the range's first sample for the first session) to its own last one.
  public struct Day: Sendable, Hashable {
    public var session: MarketDate
    /// The session's last sample (its close, or the range's end).
    public var time: Date
    public var dailyReturn: Double

    public init(session: MarketDate, time: Date, dailyReturn: Double) {
      self.session = session
      self.time = time
      self.dailyReturn = dailyReturn
    }
  }

  /// The growth of one dollar at each sample, 1 at the first.
  public var index: [Double]
  /// One per session with a sample after the first.
  public var days: [Day]

  /// The index's end less one: the range's return.
  public var total: Double { (index.last ?? 1) - 1 }

  /// - Precondition: `samples` are in time order.
  public init(_ samples: [PerformanceSample]) {
    var index: [Double] = []
    index.reserveCapacity(samples.count)
    var level = 1.0
    for (position, sample) in samples.enumerated() {
      if position > 0 {
        // No capital at the previous sample: nothing could be earned or lost over the
        // sub-period.
        let growth = PerformanceRatio.of(sample.value - sample.flow, samples[position - 1].value)
        level *= growth ?? 1
      }
      index.append(level)
    }
    self.index = index
    days = Self.sessionReturns(samples, levels: index)
  }

  /// Each session's return from `levels` (one per sample): its last sample's level over
  /// the previous session's last (the first sample's for the first session).
  public static func sessionReturns(_ samples: [PerformanceSample], levels: [Double]) -> [Day] {
    var days: [Day] = []
    guard var previousLevel = levels.first else { return days }
    for position in samples.indices.dropFirst() {
      let isLastOfSession =
        position == samples.count - 1 || samples[position + 1].session != samples[position].session
      guard isLastOfSession else { continue }
      let sample = samples[position]
      days.append(
        Day(
          session: sample.session, time: sample.time,
          dailyReturn: previousLevel > 0 ? levels[position] / previousLevel - 1 : 0))
      previousLevel = levels[position]
    }
    return days
  }
}
