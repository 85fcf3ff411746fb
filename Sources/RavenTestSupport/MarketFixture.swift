import Foundation
import RavenCore
import RavenSimulation

/// Shared, expensive-to-build pieces for market tests (the calendar precomputes 36 years).
public enum MarketFixture {
  public static let calendar = NYSECalendar()
  public static let universe = CompanyUniverse.builtIn()

  /// The instant market tests ask about unless they say otherwise: a Friday afternoon.
  public static let now = instant("2026-11-20T15:30:00Z")

  public static func market(seed: UInt64 = 42) -> SimulatedMarket {
    SimulatedMarket(seed: seed, universe: universe, calendar: calendar)
  }

  public static func instant(_ text: String) -> Date {
    guard let date = try? Date(text, strategy: .iso8601) else {
      preconditionFailure("bad ISO-8601 literal \(text)")
    }
    return date
  }
}
