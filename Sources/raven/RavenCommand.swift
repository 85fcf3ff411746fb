import ArgumentParser

@main
struct RavenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "raven",
    abstract: "Raven: a self-hosted stock trading and portfolio app.",
    discussion: """
      Market commands answer from the built-in simulated market: deterministic prices for \
      real US companies (made-up prices, news and insights, labelled as simulated). \
      Use --at (or RAVEN_SIM_NOW) to ask about another instant.
      """,
    subcommands: [
      QuoteCommand.self, SearchCommand.self, ChartCommand.self, ProfileCommand.self,
      NewsCommand.self, InsightsCommand.self, MarketStatusCommand.self, ServeCommand.self,
      LoginCommand.self, LogoutCommand.self, PortfolioCommand.self, BuyCommand.self,
      SellCommand.self, WatchCommand.self, GoalsCommand.self, ProvidersCommand.self,
    ]
  )
}
