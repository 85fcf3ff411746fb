import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven performance [--range 1Y]`: how the account did, time- and money-weighted, against
/// the market.
struct PerformanceCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "performance",
    abstract: "Show your returns over a range against a benchmark (SPY by default).",
    discussion: """
      Time-weighted return leaves deposits and withdrawals out (how your choices did); \
      money-weighted return counts when the money came in (how your money did). Returns \
      under a year are not annualized.
      """)

  @Option(help: "1D, 1W, 1M, 3M, YTD, 1Y or ALL.") var range: String = "1Y"
  @Option(help: "The fund or stock to compare with.") var benchmark: String?
  @Option(help: "An annual risk-free rate for Sharpe, e.g. 0.04.") var riskFreeRate: String?
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func validate() throws {
    guard PortfolioRange(rawValue: range.uppercased()) != nil else {
      throw ValidationError("--range must be 1D, 1W, 1M, 3M, YTD, 1Y or ALL.")
    }
  }

  func output(using client: RavenAPIClient) async throws -> String {
    var query = try await accountOption.query(using: client)
    query["range"] = range.uppercased()
    if let benchmark { query["benchmark"] = benchmark }
    if let riskFreeRate { query["riskFreeRate"] = riskFreeRate }
    let body = try await client.send(
      .GET, "api/v1/portfolio/performance", query: query, as: PerformanceBody.self)
    if serverOptions.json { return try JSONOutput.render(body) }
    return Self.render(body)
  }

  static func render(_ body: PerformanceBody) -> String {
    var list = DetailList()
    list.append("Range", body.range.rawValue)
    list.append(
      "Value",
      "\(DisplayFormat.currency(body.startValue)) → \(DisplayFormat.currency(body.endValue))")
    if !body.deposits.isZero || !body.withdrawals.isZero {
      list.append(
        "Transfers",
        "\(DisplayFormat.currency(body.deposits)) in, \(DisplayFormat.currency(body.withdrawals)) out"
      )
    }
    list.append("Gain", DisplayFormat.signedCurrency(body.gain))
    list.append(
      "Time-weighted",
      percent(body.timeWeightedReturn) + annual(body.timeWeightedReturnAnnualized))
    list.append(
      "Money-weighted",
      body.moneyWeightedReturn.map { percent($0) + annual(body.moneyWeightedReturnAnnualized) }
        ?? (body.moneyWeightedReturnNote ?? "—"))
    if let benchmark = body.benchmark {
      list.append(
        benchmark.symbol.rawValue,
        percent(benchmark.totalReturn) + annual(benchmark.annualizedReturn))
    }
    if let excess = body.excessReturn { list.append("Against it", percent(excess)) }
    if let volatility = body.volatility { list.append("Volatility", percent(volatility)) }
    if let sharpe = body.sharpeRatio {
      list.append("Sharpe", DisplayFormat.signed(sharpe, fractionDigits: 2))
    }
    if let drawdown = body.maxDrawdown {
      let recovered = drawdown.recovery.map { ", recovered \($0)" } ?? ", not recovered"
      list.append(
        "Max drawdown",
        "\(percent(drawdown.depth)) (\(drawdown.peak) to \(drawdown.trough)\(recovered))")
    }
    if let best = body.bestSession, let worst = body.worstSession {
      list.append("Best session", "\(percent(best.dailyReturn)) on \(best.date)")
      list.append("Worst session", "\(percent(worst.dailyReturn)) on \(worst.date)")
    }
    if let beta = body.beta { list.append("Beta", DisplayFormat.signed(beta, fractionDigits: 2)) }
    var text = list.render()
    if !body.flowsKnown {
      text += "\nYour brokerage does not say when money came in or out: a deposit reads as a gain."
    }
    return text
  }

  /// A fraction as a signed percentage: 0.082 → +8.20%.
  static func percent(_ fraction: ExactDecimal) -> String {
    DisplayFormat.percent(fraction * ExactDecimal(100))
  }

  static func annual(_ fraction: ExactDecimal?) -> String {
    fraction.map { " (\(percent($0)) a year)" } ?? ""
  }
}
