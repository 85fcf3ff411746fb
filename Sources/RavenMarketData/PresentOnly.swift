import Foundation
import RavenCore

/// What a live provider can answer for: the market as it is now. An upstream API has no
/// "as of" for quotes, profiles or the market status, and its history is revised and
/// filled in after the fact, so an instant more than `tolerance` from its clock's now
/// is refused rather than answered with today's figures, which would leak the future
/// into a backtest.
public struct PresentOnly: Sendable {
  public let clock: any WallClock
  /// How far from now an instant still counts as now: a request's instant is read from
  /// the market clock before the gateway's queue, budget wait and retries bring it to the
  /// provider.
  public let tolerance: TimeInterval

  public init(clock: any WallClock, tolerance: TimeInterval = 60) {
    self.clock = clock
    self.tolerance = tolerance
  }

  /// Throws `unservedInstant` for an instant that is not now.
  public func check(_ instant: Date) throws(MarketDataError) {
    guard abs(instant.timeIntervalSince(clock.now)) <= tolerance else {
      throw .unservedInstant(instant)
    }
  }
}
