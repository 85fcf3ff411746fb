import Foundation
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// The account's history over a range with its performance against a benchmark: what
/// `GET /api/v1/portfolio/history` and `/portfolio/performance` both read.
struct PortfolioPerformance {
  let accounts: AccountDirectory

  /// The benchmark when a request names none: the market as an index fund a user can buy.
  static let defaultBenchmark: Symbol = "SPY"

  struct Reading {
    var range: PortfolioRange
    var history: BrokeragePortfolioHistory
    var benchmark: Symbol
    /// Nil for an empty history.
    var report: PerformanceReport?
  }

  /// The range, benchmark and risk-free rate a request asks for, read and checked.
  func read(_ request: Request, context: RavenRequestContext, riskFreeRate: Double = 0)
    async throws -> Reading
  {
    let user = try context.requireUser()
    let range = try request.range(default: PortfolioRange.oneDay)
    let named = try Self.benchmark(request)
    let benchmark = named ?? Self.defaultBenchmark
    let market = accounts.market
    let now = accounts.marketClock.now
    // A benchmark the user named must exist: 404 before anything else is read.
    if named != nil { _ = try await market.quote(for: benchmark, at: now) }
    let account = try await accounts.account(of: user, in: request, forReading: true)
    let history = try await account.equityHistory(range.lookback)
    guard let first = history.points.first, let last = history.points.last else {
      return Reading(range: range, history: history, benchmark: benchmark, report: nil)
    }
    let bars = await Self.totalReturnBars(
      of: benchmark, market: market, resolution: history.resolution ?? .day,
      from: first.time, to: last.time, asOf: now)
    return Reading(
      range: range, history: history, benchmark: benchmark,
      report: PerformanceReport(
        samples: history.samples(calendar: accounts.calendar),
        benchmarkLevels: history.levels(of: bars), riskFreeRate: riskFreeRate))
  }

  /// `benchmark`, a symbol (nil when absent); 400 for text no symbol could be.
  static func benchmark(_ request: Request) throws -> Symbol? {
    guard let text = request.uri.queryParameters["benchmark"] else { return nil }
    guard let symbol = Symbol(String(text).uppercased()) else {
      throw APIError.badRequest("benchmark must be a symbol, e.g. SPY", code: "invalid_benchmark")
    }
    return symbol
  }

  /// The benchmark's bars from a week before `from` (so the first point has a price) to
  /// `to`, its dividends reinvested where the provider can adjust for them, else for
  /// splits only, else as they traded. None when the market cannot say: the figures are
  /// then the account's alone, never held up by the benchmark's.
  static func totalReturnBars(
    of symbol: Symbol, market: any MarketDataProvider, resolution: BarResolution, from: Date,
    to: Date, asOf now: Date
  ) async -> [Bar] {
    for adjustment in [BarAdjustment.all, .split, .raw] {
      do {
        return try await market.bars(
          for: symbol, resolution: resolution, from: from.addingTimeInterval(-7 * 86_400),
          to: to.addingTimeInterval(1), asOf: now, adjustment: adjustment)
      } catch .unsupportedRequest {
        continue
      } catch {
        return []
      }
    }
    return []
  }
}
