import Foundation
import RavenCore
import RavenMarketData

extension AlpacaDataDecoding {
  /// The cash dividends and the forward and reverse splits of `symbol` on one page, as
  /// Raven's actions. Alpaca gives no declaration date (`nil`: what it lists is announced).
  /// A missing record date is the ex-date, a missing payable date the record date. An
  /// action with an unreadable date or a rate that is no split (1:1, or not positive) is
  /// malformed.
  static func corporateActions(_ page: AlpacaUpstreamCorporateActions, symbol: Symbol)
    throws(MarketDataError) -> [CorporateAction]
  {
    let groups = page.corporateActions
    var actions: [CorporateAction] = []
    for dividend in groups?.cashDividends ?? [] where dividend.symbol == symbol.rawValue {
      guard dividend.rate.exact.isPositive else { throw malformed }
      let dates = try actionDates(
        ex: dividend.exDate, record: dividend.recordDate, payable: dividend.payableDate)
      actions.append(
        CorporateAction(
          symbol: symbol,
          kind: .cashDividend(
            rate: Price(upstream: dividend.rate.exact), special: dividend.special ?? false),
          declarationDate: nil, exDate: dates.ex, recordDate: dates.record,
          payableDate: dates.payable))
    }
    for split in (groups?.forwardSplits ?? []) + (groups?.reverseSplits ?? [])
    where split.symbol == symbol.rawValue {
      guard let ratio = splitRatio(new: split.newRate.exact, old: split.oldRate.exact) else {
        throw malformed
      }
      let dates = try actionDates(
        ex: split.exDate, record: split.recordDate, payable: split.payableDate)
      actions.append(
        CorporateAction(
          symbol: symbol, kind: .split(ratio), declarationDate: nil, exDate: dates.ex,
          recordDate: dates.record, payableDate: dates.payable))
    }
    return actions
  }

  /// Whole shares for whole shares: 3 for 2 from `1.5` and `1`, reduced (`4` and `2` is 2:1).
  static func splitRatio(new: ExactDecimal, old: ExactDecimal) -> SplitRatio? {
    guard new.isPositive, old.isPositive else { return nil }
    for digits in 0...6 {
      let scale = power(digits)
      let scaledNew = new * scale
      let scaledOld = old * scale
      guard scaledNew == scaledNew.rounded(toFractionDigits: 0),
        scaledOld == scaledOld.rounded(toFractionDigits: 0),
        let whole = Int(scaledNew.rounded(toFractionDigits: 0).description),
        let wholeOld = Int(scaledOld.rounded(toFractionDigits: 0).description)
      else { continue }
      let divisor = greatestCommonDivisor(whole, wholeOld)
      return SplitRatio(new: whole / divisor, old: wholeOld / divisor)
    }
    return nil
  }

  private static func power(_ digits: Int) -> ExactDecimal {
    (0..<digits).reduce(ExactDecimal(1)) { value, _ in value * ExactDecimal(10) }
  }

  private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
    b == 0 ? a : greatestCommonDivisor(b, a % b)
  }

  private static func actionDates(ex: String, record: String?, payable: String?)
    throws(MarketDataError) -> (ex: MarketDate, record: MarketDate, payable: MarketDate)
  {
    guard let exDate = MarketDate(ex) else { throw malformed }
    let recordDate =
      try record.map { text throws(MarketDataError) in
        guard let date = MarketDate(text) else { throw malformed }
        return date
      } ?? exDate
    let payableDate =
      try payable.map { text throws(MarketDataError) in
        guard let date = MarketDate(text) else { throw malformed }
        return date
      } ?? recordDate
    return (exDate, recordDate, payableDate)
  }
}
