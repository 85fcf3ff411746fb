import Foundation
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// The user's net worth over a range, as their account reports it: rebuilt from the
/// ledger's trades, or the linked brokerage's own history.
struct PortfolioHistory {
  let accounts: AccountDirectory

  @Sendable func history(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<PortfolioHistoryBody>
  {
    let user = try context.requireUser()
    let range = try request.range(default: PortfolioRange.oneDay)
    let history = try await accounts.account(of: user, in: request).equityHistory(range.lookback)
    let points = history.points.map { PortfolioHistoryBody.Point(time: $0.time, value: $0.equity) }
    let baseline = history.baseValue ?? points.first?.value
    let last = points.last?.value
    return JSONBody(
      PortfolioHistoryBody(
        range: range, points: points, baseline: baseline,
        change: (last ?? .zero) - (baseline ?? last ?? .zero),
        changePercent: last.flatMap { last in baseline.flatMap { (last - $0).percent(of: $0) } }
          ?? ExactDecimal.zero.withFractionDigits(2)))
  }
}
