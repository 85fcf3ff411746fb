import Foundation
import RavenCore
import RavenGateway
import RavenMarketData
import Synchronization

/// A clock that moves only when told: for tests that drive cache lifetimes, rate
/// budgets and cool-downs without waiting. As a `GatewaySleeper` it lets the time pass
/// at once: sleeping advances the clock by the time asked for.
public final class ManualWallClock: WallClock, GatewaySleeper {
  private struct State {
    var now: Date
    var sleeps: [TimeInterval] = []
  }

  private let state: Mutex<State>

  public init(_ start: Date) {
    state = Mutex(State(now: start))
  }

  public var now: Date { state.withLock { $0.now } }

  public func advance(by seconds: TimeInterval) {
    state.withLock { $0.now.addTimeInterval(seconds) }
  }

  public func set(_ instant: Date) {
    state.withLock { $0.now = instant }
  }

  /// Advances the clock by `seconds` instead of sleeping.
  public func sleep(seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(seconds)
      state.now.addTimeInterval(max(0, seconds))
    }
  }

  /// Every `sleep(seconds:)` so far, in order.
  public var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }
}
