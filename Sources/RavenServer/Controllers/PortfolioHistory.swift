import Foundation
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// The user's net worth over a range, as their account reports it (rebuilt from the
/// ledger's events, or the linked brokerage's own history), with the time-weighted return
/// and the benchmark as indexes; and the range's performance figures.
struct PortfolioHistory {
  let accounts: AccountDirectory

  @Sendable func history(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<PortfolioHistoryBody>
  {
    let reading = try await PortfolioPerformance(accounts: accounts).read(
      request, context: context)
    let history = reading.history
    let report = reading.report
    // Before the account did anything, its index is 1 and the benchmark's is not shown.
    let start = history.performanceStart
    let points = history.points.enumerated().map { position, point in
      let measured = position >= start ? position - start : nil
      return PortfolioHistoryBody.Point(
        time: point.time, value: point.equity, flow: point.flow,
        twrIndex: Self.index(measured.flatMap { report?.timeWeighted.index[$0] } ?? 1),
        benchmarkIndex: measured.flatMap { at in report?.benchmark.map { Self.index($0.index[at]) }
        }
      )
    }
    let baseline = history.baseValue ?? points.first?.value
    let change = report?.gain ?? .zero
    return JSONBody(
      PortfolioHistoryBody(
        range: reading.range, points: points, baseline: baseline, change: change,
        changePercent: PerformanceBody.ratio((report?.timeWeighted.total ?? 0) * 100)
          .rounded(toFractionDigits: 2),
        benchmark: reading.benchmark))
  }

  @Sendable func performance(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<PerformanceBody>
  {
    let rate = try Self.riskFreeRate(request)
    let reading = try await PortfolioPerformance(accounts: accounts).read(
      request, context: context, riskFreeRate: NSDecimalNumber(decimal: rate.value).doubleValue)
    guard let report = reading.report else {
      throw APIError(
        .notFound, code: "no_history", message: "The account has no history over this range yet")
    }
    return JSONBody(
      PerformanceBody(
        range: reading.range, report: report, benchmark: reading.benchmark, riskFreeRate: rate,
        flowsKnown: reading.history.flowsKnown))
  }

  /// An index level with six places.
  static func index(_ level: Double) -> ExactDecimal { PerformanceBody.ratio(level) }

  /// `riskFreeRate`, an annual rate as a fraction (0.04 is 4 %), from −1 to 1; 0 when absent.
  static func riskFreeRate(_ request: Request) throws -> ExactDecimal {
    guard let text = request.uri.queryParameters["riskFreeRate"] else {
      return ExactDecimal.zero
    }
    guard let rate = ExactDecimal(String(text)), rate >= ExactDecimal(-1), rate <= ExactDecimal(1)
    else {
      throw APIError.badRequest(
        "riskFreeRate must be an annual rate from -1 to 1, e.g. 0.04",
        code: "invalid_risk_free_rate")
    }
    return rate
  }
}
