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
      guard
        let dates = UpstreamActionDates(
          ex: dividend.exDate, record: dividend.recordDate, payable: dividend.payableDate)
      else { throw malformed }
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
      guard let ratio = SplitRatio(upstreamNew: split.newRate.exact, old: split.oldRate.exact)
      else {
        throw malformed
      }
      guard
        let dates = UpstreamActionDates(
          ex: split.exDate, record: split.recordDate, payable: split.payableDate)
      else { throw malformed }
      actions.append(
        CorporateAction(
          symbol: symbol, kind: .split(ratio), declarationDate: nil, exDate: dates.ex,
          recordDate: dates.record, payableDate: dates.payable))
    }
    return actions
  }
}
