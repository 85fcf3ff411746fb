import RavenCore
import RavenMarketData

/// A calendar month, the period of analyst recommendation counts.
struct CalendarMonth: Sendable, Hashable, Comparable {
  /// Months since year 0: `year × 12 + month − 1`, so stepping is integer arithmetic.
  let index: Int

  init(index: Int) { self.index = index }

  /// The month `date` falls in.
  init(containing date: MarketDate) { self.index = date.year * 12 + date.month - 1 }

  var year: Int { index >= 0 ? index / 12 : (index - 11) / 12 }
  /// 1 through 12.
  var month: Int { index - year * 12 + 1 }

  var firstDay: MarketDate { MarketDate(year: year, month: month, day: 1)! }

  func advanced(by months: Int) -> CalendarMonth { CalendarMonth(index: index + months) }

  static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool { lhs.index < rhs.index }
}
