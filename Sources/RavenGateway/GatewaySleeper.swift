import Foundation
import RavenMarketData

/// How the gateway waits for the next token of a rate budget. Injected so tests can let
/// time pass without sleeping (`ManualWallClock` advances itself instead).
public protocol GatewaySleeper: Sendable {
  /// Suspends for `seconds`; throws `CancellationError` if the task is cancelled.
  func sleep(seconds: TimeInterval) async throws
}

/// Sleeps with `Task.sleep`: for use with the system clock.
public struct TaskSleeper: GatewaySleeper {
  public init() {}

  public func sleep(seconds: TimeInterval) async throws {
    guard seconds > 0 else { return }
    try await Task.sleep(for: .seconds(seconds))
  }
}
