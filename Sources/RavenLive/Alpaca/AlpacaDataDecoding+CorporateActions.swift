import Foundation
import RavenCore
import RavenMarketData

extension AlpacaDataDecoding {
  /// The cash dividends and the forward and reverse splits of `symbol` on one page, as
  /// Raven's actions. Alpaca gives no declaration date (`nil`: what it lists is announced).
  /// A missing record date is the ex-date, a missing payable date the record date. An
  /// action that cannot be booked (an unreadable date, a dividend of nothing, rates that
  /// make no split) is left out rather than failing the others: the engine waits for a
  /// source that fails, and one bad record must not hold every account's matching back.
  static func corporateActions(_ page: AlpacaUpstreamCorporateActions, symbol: Symbol)
    -> [CorporateAction]
  {
    let groups = page.corporateActions
    var actions: [CorporateAction] = []
    for dividend in groups?.cashDividends ?? [] where dividend.symbol == symbol.rawValue {
      guard dividend.rate.exact.isPositive,
        let dates = UpstreamActionDates(
          ex: dividend.exDate, record: dividend.recordDate, payable: dividend.payableDate)
      else { continue }
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
      guard let ratio = SplitRatio(upstreamNew: split.newRate.exact, old: split.oldRate.exact),
        let dates = UpstreamActionDates(
          ex: split.exDate, record: split.recordDate, payable: split.payableDate)
      else { continue }
      actions.append(
        CorporateAction(
          symbol: symbol, kind: .split(ratio), declarationDate: nil, exDate: dates.ex,
          recordDate: dates.record, payableDate: dates.payable))
    }
    return actions
  }
}
