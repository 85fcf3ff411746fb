import ArgumentParser
import Foundation
import RavenCore

struct InsightsCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "insights",
    abstract: "Show analyst recommendations, earnings surprises and social sentiment.")

  @Argument(help: "A ticker symbol, e.g. AAPL.")
  var symbol: String

  @OptionGroup var options: MarketOptions

  struct Output: Encodable {
    var recommendations: [RecommendationTrend]
    var earnings: [EarningsSurprise]
    var sentiment: SocialSentiment
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let symbol = try SymbolArgument.parse(symbol)
    let market = environment.market
    let insights = Output(
      recommendations: try await market.recommendationTrends(for: symbol),
      earnings: try await market.earnings(for: symbol),
      sentiment: try await market.socialSentiment(for: symbol))
    if environment.json { return try JSONOutput.render(insights) }
    return [
      "Recommendation trends", recommendations(insights.recommendations),
      "Earnings surprises (EPS)", earnings(insights.earnings),
      "Social sentiment, last \(MarketSourceDefaults.sentimentDays) days",
      sentiment(insights.sentiment),
      try await Attribution.line(environment.market, for: .recommendationTrends),
    ].joined(separator: "\n")
  }

  private func recommendations(_ trends: [RecommendationTrend]) -> String {
    var table = TextTable([
      ("MONTH", .left), ("STRONG BUY", .right), ("BUY", .right), ("HOLD", .right),
      ("SELL", .right), ("STRONG SELL", .right),
    ])
    for trend in trends {
      table.append(
        [String(trend.period.description.prefix(7))]
          + [trend.strongBuy, trend.buy, trend.hold, trend.sell, trend.strongSell].map(String.init))
    }
    return table.render() + "\n"
  }

  private func earnings(_ quarters: [EarningsSurprise]) -> String {
    var table = TextTable([
      ("QUARTER", .left), ("ACTUAL", .right), ("ESTIMATE", .right), ("SURPRISE", .right),
      ("SURPRISE %", .right),
    ])
    for quarter in quarters {
      table.append([
        "Q\(quarter.quarter) \(quarter.year)", quarter.actual.description,
        quarter.estimate.description, DisplayFormat.signed(quarter.surprise),
        DisplayFormat.percent(quarter.surprisePercent),
      ])
    }
    return table.render() + "\n"
  }

  private func sentiment(_ sentiment: SocialSentiment) -> String {
    var table = TextTable([
      ("PLATFORM", .left), ("MENTIONS", .right), ("POSITIVE", .right), ("NEGATIVE", .right),
      ("SCORE", .right),
    ])
    for platform in sentiment.platforms {
      table.append([
        platform.platform.capitalized, String(platform.mentions), String(platform.positiveMentions),
        String(platform.negativeMentions), DisplayFormat.signed(platform.score),
      ])
    }
    return table.render() + "\n"
  }
}
