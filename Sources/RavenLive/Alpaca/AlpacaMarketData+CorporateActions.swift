import Foundation
import RavenCore
import RavenMarketData

/// Splits and dividends from Alpaca's market data API (`/v1/corporate-actions`, on the free
/// plan), so the engine books a live market's actions as it books the simulated one's.
extension AlpacaMarketData: CorporateActionSource {
  /// How far back a symbol's actions are asked: the last split and a year of dividends
  /// are what the app shows; the engine books only today's.
  public static let corporateActionYears = 10
  /// How far ahead: announced dividends go ex within weeks, splits within months.
  public static let corporateActionDaysAhead = 366
  /// The most pages one symbol's actions follow (1,000 actions each).
  public static let maximumCorporateActionPages = 5

  /// Alpaca lists actions across the market, but Raven asks for them symbol by symbol.
  public var corporateActionSymbols: [Symbol] { [] }

  /// `symbol`'s cash dividends and splits with an ex-date from `corporateActionYears` ago
  /// to `corporateActionDaysAhead` from today, in ex-date order.
  public func corporateActions(of symbol: Symbol) async throws(MarketDataError)
    -> [CorporateAction]
  {
    let today = calendar.timeZone.marketDate(of: present.clock.now)
    var query = [
      "symbols": symbol.rawValue, "types": "forward_split,reverse_split,cash_dividend",
      "start": today.adding(years: -Self.corporateActionYears).description,
      "end": today.adding(days: Self.corporateActionDaysAhead).description,
      "limit": "1000", "sort": "asc",
    ]
    var actions: [CorporateAction] = []
    for _ in 0..<Self.maximumCorporateActionPages {
      let page = try await get(
        "/v1/corporate-actions", query, kind: .corporateActions, symbol: symbol,
        as: AlpacaUpstreamCorporateActions.self)
      actions += AlpacaDataDecoding.corporateActions(page, symbol: symbol)
      guard let token = page.nextPageToken, !token.isEmpty else { break }
      query["page_token"] = token
    }
    return actions.sorted { ($0.exDate, $0.id) < ($1.exDate, $1.id) }
  }
}
