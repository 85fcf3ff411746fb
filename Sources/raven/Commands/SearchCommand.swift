import ArgumentParser
import RavenCore

struct SearchCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Find stocks by symbol or company name.")

  @Argument(help: "A symbol or words of a company name, e.g. apple or 'bank of'.")
  var query: [String]

  @Option(help: "The most results to show.")
  var limit = 10

  @OptionGroup var options: MarketOptions

  func validate() throws {
    guard (1...50).contains(limit) else { throw ValidationError("--limit must be 1 to 50") }
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let results = try await environment.market.search(query.joined(separator: " "), limit: limit)
    if environment.json { return try JSONOutput.render(results) }
    guard !results.isEmpty else { return "No matches for '\(query.joined(separator: " "))'" }
    var table = TextTable([("SYMBOL", .left), ("NAME", .left), ("EXCHANGE", .left)])
    for result in results {
      table.append([result.symbol.rawValue, result.name, result.exchange])
    }
    return table.render()
  }
}
