import Foundation
import RavenCore
import Synchronization

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

/// The simulated market's clock: `MarketClockSetting` applied to the wall clock. It runs
/// only the market (prices, sessions, fills); sessions, tokens and caches keep real time.
/// The setting is settled once at start, from what is stored with the data.
public final class SimulationClock: WallClock {
  private let setting: Mutex<MarketClockSetting?>
  private let base: any WallClock

  /// A market on real time until `setting` says otherwise.
  public init(setting: MarketClockSetting?, base: any WallClock = SystemWallClock()) {
    self.setting = Mutex(setting)
    self.base = base
  }

  public var now: Date {
    let wall = base.now
    return setting.withLock { $0?.time(atWall: wall) } ?? wall
  }

  /// The setting the clock runs on; nil for real time.
  public var current: MarketClockSetting? { setting.withLock { $0 } }

  /// Runs the clock on `setting` from now on.
  public func run(on setting: MarketClockSetting?) {
    self.setting.withLock { $0 = setting }
  }

  /// The wall clock it is driven by.
  public var wallNow: Date { base.now }
}
