import RavenCore
import RavenMarketData

/// A quarter of a company's fiscal year. The simulated companies all keep calendar
/// fiscal years, so Q1 ends on March 31 and Q4 on December 31.
struct FiscalQuarter: Sendable, Hashable, Comparable {
  /// Quarters since year 0: `year × 4 + quarter − 1`, so stepping is integer arithmetic.
  let index: Int

  init(index: Int) { self.index = index }

  init(year: Int, quarter: Int) {
    precondition((1...4).contains(quarter), "A year has four quarters")
    self.index = year * 4 + quarter - 1
  }

  /// The quarter `date` falls in.
  init(containing date: MarketDate) {
    self.init(year: date.year, quarter: (date.month - 1) / 3 + 1)
  }

  var year: Int { index >= 0 ? index / 4 : (index - 3) / 4 }
  /// 1 through 4.
  var quarter: Int { index - year * 4 + 1 }

  var previous: FiscalQuarter { FiscalQuarter(index: index - 1) }

  var firstDay: MarketDate { MarketDate(year: year, month: quarter * 3 - 2, day: 1)! }

  var lastDay: MarketDate {
    let month = quarter * 3
    return MarketDate(year: year, month: month, day: month == 3 || month == 12 ? 31 : 30)!
  }

  /// `Q3 2026`.
  var label: String { "Q\(quarter) \(year)" }

  static func < (lhs: FiscalQuarter, rhs: FiscalQuarter) -> Bool { lhs.index < rhs.index }
}
