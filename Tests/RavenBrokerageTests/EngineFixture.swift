import Foundation
import RavenCore

/// The market the engine's tests trade on: the NYSE calendar, and an instant the market is
/// open (the server's tests use the same one).
enum EngineFixture {
  static let calendar = NYSECalendar()
  /// Friday 2026-11-20, 13:00 New York: the market is open.
  static let midSession = try! Date("2026-11-20T18:00:00Z", strategy: .iso8601)
}
