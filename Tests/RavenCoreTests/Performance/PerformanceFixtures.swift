import Foundation
import RavenCore

/// Samples on a simple grid: a session a day from 2025-01-02, or a year apart.
enum PerformanceFixtures {
  static let start = Date(timeIntervalSince1970: 1_735_833_600)  // 2025-01-02 16:00 UTC
  static let firstSession = MarketDate("2025-01-02")!

  /// A sample `day` days after the start, in that day's session.
  static func sample(day: Int, value: String, flow: String = "0", secondsIntoDay: Double = 0)
    -> PerformanceSample
  {
    PerformanceSample(
      time: start.addingTimeInterval(Double(day) * 86_400 + secondsIntoDay),
      session: firstSession.adding(days: day), value: money(value), flow: money(flow))
  }

  /// A sample `years` years of 365 days after the start.
  static func sample(years: Int, value: String, flow: String = "0") -> PerformanceSample {
    PerformanceSample(
      time: start.addingTimeInterval(Double(years) * 365 * 86_400),
      session: firstSession.adding(days: years * 365), value: money(value), flow: money(flow))
  }

  static func money(_ text: String) -> Money { Money(exact: ExactDecimal(text)!) }
}
