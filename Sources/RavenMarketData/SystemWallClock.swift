import Foundation
import RavenCore
import Synchronization

/// The live clock: the machine's current time.
public struct SystemWallClock: WallClock {
  public init() {}

  public var now: Date { Date() }
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

  /// Runs the clock on `setting` from now on.
  public func run(on setting: MarketClockSetting?) {
    self.setting.withLock { $0 = setting }
  }

  /// The wall clock it is driven by.
  public var wallNow: Date { base.now }
}
