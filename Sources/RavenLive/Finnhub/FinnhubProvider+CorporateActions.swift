import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Splits and dividends from Finnhub (`/stock/dividend`, `/stock/split`), paid endpoints: a
/// key whose plan has them serves them, with their declaration dates; a free key's 403 is
/// `unsupported`, and the gateway asks the next source (Alpaca) from then on.
extension FinnhubProvider: CorporateActionSource {
  /// How far back and ahead a symbol's actions are asked, as Alpaca's are.
  static let corporateActionYears = 10
  static let corporateActionDaysAhead = 366

  /// Finnhub is asked symbol by symbol.
  public var corporateActionSymbols: [Symbol] { [] }

  /// `symbol`'s cash dividends in US dollars and its splits, in ex-date order.
  public func corporateActions(of symbol: Symbol) async throws(MarketDataError)
    -> [CorporateAction]
  {
    let today = calendar.timeZone.marketDate(of: present.clock.now)
    let range = [
      "symbol": symbol.rawValue,
      "from": today.adding(years: -Self.corporateActionYears).description,
      "to": today.adding(days: Self.corporateActionDaysAhead).description,
    ]
    let dividends = try await get(
      "/stock/dividend", range, kind: .corporateActions, as: [FinnhubDecoding.DividendRow].self)
    let splits = try await get(
      "/stock/split", range, kind: .corporateActions, as: [FinnhubDecoding.SplitRow].self)
    return
      (FinnhubDecoding.dividends(dividends, symbol: symbol)
      + FinnhubDecoding.splits(splits, symbol: symbol))
      .sorted { ($0.exDate, $0.id) < ($1.exDate, $1.id) }
  }
}

extension FinnhubDecoding {
  /// `/stock/dividend`: `[{"symbol", "date" (the ex-date), "amount", "adjustedAmount",
  /// "payDate", "recordDate", "declarationDate", "currency", "freq"}]`.
  struct DividendRow: Decodable {
    var date: String?
    var amount: UpstreamDecimal?
    var payDate: String?
    var recordDate: String?
    var declarationDate: String?
    var currency: String?
  }

  /// `/stock/split`: `[{"symbol", "date" (the ex-date), "fromFactor", "toFactor"}]`.
  struct SplitRow: Decodable {
    var date: String?
    var fromFactor: UpstreamDecimal?
    var toFactor: UpstreamDecimal?
  }

  /// The dividends paid in US dollars with an ex-date and a positive amount (as paid then,
  /// not split-adjusted); Finnhub writes a missing date as `""` or leaves it out.
  static func dividends(_ rows: [DividendRow], symbol: Symbol) -> [CorporateAction] {
    rows.compactMap { row in
      guard (row.currency ?? "USD").uppercased() == "USD",
        let amount = row.amount?.exact, amount.isPositive, let exDate = row.date,
        let dates = UpstreamActionDates(
          ex: exDate, record: nonEmpty(row.recordDate), payable: nonEmpty(row.payDate))
      else { return nil }
      return CorporateAction(
        symbol: symbol, kind: .cashDividend(rate: Price(upstream: amount), special: false),
        declarationDate: nonEmpty(row.declarationDate).flatMap(MarketDate.init),
        exDate: dates.ex, recordDate: dates.record, payableDate: dates.payable)
    }
  }

  /// The splits with an ex-date and a ratio of whole shares; their record and payable
  /// dates are the ex-date (Finnhub gives none).
  static func splits(_ rows: [SplitRow], symbol: Symbol) -> [CorporateAction] {
    rows.compactMap { row in
      guard let exText = row.date, let exDate = MarketDate(exText),
        let new = row.toFactor?.exact, let old = row.fromFactor?.exact,
        let ratio = SplitRatio(upstreamNew: new, old: old)
      else { return nil }
      return CorporateAction(
        symbol: symbol, kind: .split(ratio), declarationDate: nil, exDate: exDate,
        recordDate: exDate, payableDate: exDate)
    }
  }
}
