import ArgumentParser
import Foundation
import RavenCore

struct NewsCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "news", abstract: "Show a company's news from the last days.")

  @Argument(help: "A ticker symbol, e.g. AAPL.")
  var symbol: String

  @Option(help: "How many days back to look (1 to 30).")
  var days = 7

  @OptionGroup var options: MarketOptions

  func validate() throws {
    guard (1...30).contains(days) else { throw ValidationError("--days must be 1 to 30") }
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let articles = try await environment.market.news(
      for: try SymbolArgument.parse(symbol), days: days)
    if environment.json { return try JSONOutput.render(articles) }
    guard !articles.isEmpty else { return "No news in the last \(days) days." }
    let now = try await environment.market.now()
    return articles.map { article in
      [
        "\(RelativeTime.ago(article.publishedAt, now: now)) · \(article.source)",
        article.headline, article.summary, article.url ?? "",
      ].filter { !$0.isEmpty }.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }
}
