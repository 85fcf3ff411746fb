import Foundation
import Hummingbird
import RavenAPI
import RavenCore
import RavenMarketData

extension MarketController {
  /// A company's splits and dividends declared by today, newest ex-date first, with its
  /// dividend yield over the last year, its next dividend and its last split.
  @Sendable func actions(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<CorporateActionsBody>
  {
    let symbol = try context.symbol()
    let now = marketClock.now
    // An unknown symbol is a 404 whether or not actions are served.
    let quote = try await market.quote(for: symbol, at: now)
    guard let source = corporateActions,
      let attribution = market.source(for: .corporateActions)
    else {
      return JSONBody(.unserved(symbol))
    }
    let actions: [CorporateAction]
    do {
      actions = try await source.corporateActions(of: symbol)
    } catch .unsupported {
      // The source stopped serving them (a plan that does not include them).
      return JSONBody(.unserved(symbol))
    }
    return JSONBody(
      CorporateActionsBody(
        symbol: symbol, source: attribution.name, actions: actions, price: quote.price,
        today: calendar.timeZone.marketDate(of: now)))
  }
}
