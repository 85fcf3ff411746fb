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
    let range = try Self.range(request)
    let history = try await accounts.account(of: user).equityHistory(range.lookback)
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

  /// `range`, one of the portfolio chart's seven (1D by default), in any case.
  static func range(_ request: Request) throws -> PortfolioRange {
    guard let text = request.uri.queryParameters["range"] else { return .oneDay }
    guard let range = PortfolioRange(rawValue: String(text).uppercased()) else {
      let names = PortfolioRange.allCases.map(\.rawValue).joined(separator: " ")
      throw APIError.badRequest("range must be one of \(names)", code: "invalid_range")
    }
    return range
  }
}
