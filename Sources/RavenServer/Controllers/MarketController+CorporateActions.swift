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
    guard let source = corporateActions else {
      return JSONBody(
        CorporateActionsBody(
          symbol: symbol, source: nil, actions: [], dividendYield: nil, nextDividend: nil,
          lastSplit: nil))
    }
    let today = calendar.timeZone.marketDate(of: now)
    let known = try await source.corporateActions(of: symbol).filter {
      $0.declarationDate <= today
    }
    let summaries = known.reversed().map { CorporateActionSummary($0, today: today) }
    let yearAgo = today.adding(days: -365)
    let paid = known.filter {
      if case .cashDividend(_, false) = $0.kind { return $0.exDate > yearAgo && $0.exDate <= today }
      return false
    }.compactMap(\.dividendRate).reduce(Price.zero) { $0 + $1 }
    let yield =
      quote.price.isPositive && !paid.isZero
      ? (paid.exact * 100).divided(by: quote.price.exact, fractionDigits: 2) : nil
    return JSONBody(
      CorporateActionsBody(
        symbol: symbol, source: market.attribution.name, actions: summaries,
        dividendYield: yield,
        nextDividend: summaries.last { $0.rate != nil && $0.exDate >= today },
        lastSplit: summaries.first { $0.ratio != nil && $0.exDate <= today }))
  }
}
