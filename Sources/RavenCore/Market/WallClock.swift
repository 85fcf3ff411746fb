import Foundation

/// Where "now" comes from. RavenCore never reads the system clock itself: whatever
/// needs the time is handed a clock, so tests and simulations can choose the instant.
public protocol WallClock: Sendable {
  var now: Date { get }
}

/// A clock that always reads the same instant: for tests and reproducible CLI runs.
public struct FixedWallClock: WallClock {
  public let now: Date

  public init(_ now: Date) { self.now = now }
}
