import Foundation
import RavenCore

/// The live clock: the machine's current time.
public struct SystemWallClock: WallClock {
  public init() {}

  public var now: Date { Date() }
}

/// A clock that starts at a chosen instant and runs in real time from there, so a
/// simulated session can be shown (and tested) on any day: `raven serve --sim-start`.
public struct ShiftedWallClock: WallClock {
  /// Added to the system time.
  public let offset: TimeInterval
  private let base: any WallClock

  /// A clock reading `start` when `base` reads `baseNow`, and advancing with `base`.
  public init(start: Date, base: any WallClock = SystemWallClock()) {
    self.base = base
    self.offset = start.timeIntervalSince(base.now)
  }

  public var now: Date { base.now.addingTimeInterval(offset) }
}
