import ArgumentParser
import RavenCore
import RavenMarketData

extension ChartRange: ExpressibleByArgument {}

struct ChartCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "chart", abstract: "Draw a stock's price over a range in the terminal.")

  @Argument(help: "A ticker symbol, e.g. AAPL.")
  var symbol: String

  @Option(help: "The range: 1D, 1W, 1M, 3M, 1Y, 5Y or MAX.")
  var range: ChartRange = .oneDay

  @Option(help: "The most points to keep (2 to \(ChartBuilder.maximumPoints)).")
  var points = ChartBuilder.defaultPoints

  @OptionGroup var options: MarketOptions

  func validate() throws {
    guard (2...ChartBuilder.maximumPoints).contains(points) else {
      throw ValidationError("--points must be 2 to \(ChartBuilder.maximumPoints)")
    }
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let chart = try await environment.market.priceChart(
      for: try SymbolArgument.parse(symbol), range: range, points: points)
    if environment.json { return try JSONOutput.render(chart) }
    let last = chart.points.last.map { DisplayFormat.currency($0.price) } ?? "—"
    let header =
      "\(chart.symbol)  \(chart.range.rawValue)  \(last)  "
      + "\(DisplayFormat.signed(chart.change)) (\(DisplayFormat.percent(chart.changePercent)))"
      + (chart.isLive ? "  ● live" : "")
    return [
      header, TerminalChart().render(chart, calendar: environment.calendar),
      try await Attribution.line(environment.market, for: .bars),
    ].joined(separator: "\n")
  }
}
