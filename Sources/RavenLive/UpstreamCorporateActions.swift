import Foundation
import RavenCore

extension SplitRatio {
  /// Whole shares for whole shares from an upstream's rates: 3 for 2 from `1.5` and `1`,
  /// reduced (`4` and `2` is 2:1). `nil` when either is not positive, they are equal, or
  /// they need more than six fraction digits.
  init?(upstreamNew new: ExactDecimal, old: ExactDecimal) {
    guard new.isPositive, old.isPositive else { return nil }
    var scale = ExactDecimal(1)
    for _ in 0...6 {
      let scaledNew = new * scale
      let scaledOld = old * scale
      if let whole = Self.whole(scaledNew), let wholeOld = Self.whole(scaledOld) {
        let divisor = Self.greatestCommonDivisor(whole, wholeOld)
        self.init(new: whole / divisor, old: wholeOld / divisor)
        return
      }
      scale = scale * ExactDecimal(10)
    }
    return nil
  }

  private static func whole(_ value: ExactDecimal) -> Int? {
    let rounded = value.rounded(toFractionDigits: 0)
    return rounded == value ? Int(rounded.description) : nil
  }

  private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : greatestCommonDivisor(b, a % b)
  }
}

/// An action's dates as an upstream writes them (`YYYY-MM-DD`): a missing record date is
/// the ex-date, a missing payable date the record date. `nil` when one is unreadable.
struct UpstreamActionDates {
  var ex: MarketDate
  var record: MarketDate
  var payable: MarketDate

  init?(ex: String, record: String?, payable: String?) {
    guard let exDate = MarketDate(ex) else { return nil }
    var recordDate = exDate
    if let record {
      guard let date = MarketDate(record) else { return nil }
      recordDate = date
    }
    var payableDate = recordDate
    if let payable {
      guard let date = MarketDate(payable) else { return nil }
      payableDate = date
    }
    (self.ex, self.record, self.payable) = (exDate, recordDate, payableDate)
  }
}
