import Foundation
import RavenCore

/// A day written out in a test table, `YYYY-MM-DD`.
func day(_ text: String) -> MarketDate {
  // Tables are literals: a typo should stop the run loudly, not skip a row.
  guard let date = MarketDate(text) else { preconditionFailure("Not a day: \(text)") }
  return date
}

/// An instant written out in a test table in ISO 8601, e.g. `2024-03-11T13:30:00Z`.
func instant(_ text: String) -> Date {
  guard let date = try? Date(text, strategy: .iso8601) else {
    preconditionFailure("Not an ISO 8601 instant: \(text)")
  }
  return date
}

/// Every day of `year`, January 1 through December 31.
func days(of year: Int) -> [MarketDate] {
  let first = day("\(year)-01-01")
  let last = day("\(year)-12-31")
  return (first.dayNumber...last.dayNumber).map(MarketDate.init(dayNumber:))
}
