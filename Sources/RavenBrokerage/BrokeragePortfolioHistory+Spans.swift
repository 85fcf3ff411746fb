import Foundation
import RavenCore

/// The spans a brokerage has no period for, cut from a longer history.
extension BrokeragePortfolioHistory {
  /// The points from New York's January 1 of `instant`'s year on, measured from the first.
  func since(newYearOf instant: Date?) -> BrokeragePortfolioHistory {
    guard let instant else { return self }
    let zone = ExchangeTimeZone()
    let year = zone.marketDate(of: instant).year
    return measured(points.filter { zone.marketDate(of: $0.time).year == year })
  }

  /// The points from the first with any equity on (before, the account was not funded).
  func sinceFunded() -> BrokeragePortfolioHistory {
    measured(Array(points.drop { !$0.equity.isPositive }))
  }

  private func measured(_ kept: [Point]) -> BrokeragePortfolioHistory {
    BrokeragePortfolioHistory(
      points: kept, baseValue: kept.first?.equity, resolution: resolution, flowsKnown: flowsKnown,
      activeSince: activeSince)
  }
}
