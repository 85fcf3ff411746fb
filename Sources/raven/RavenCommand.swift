import ArgumentParser

@main
struct RavenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "raven",
    abstract: "Raven: a self-hosted stock trading and portfolio app.",
    discussion: """
      Market commands (quote, search, chart, profile, news, insights, market) ask a Raven \
      server when you are signed in to it (raven login) or name one (--server, \
      RAVEN_SERVER), so the prices you see are the prices you trade at. Otherwise, or with \
      --local, --at or --seed, they compute the built-in simulated market on this machine: \
      deterministic prices for real US companies (made-up prices, news and insights, \
      labelled as simulated). Use --at (or RAVEN_SIM_NOW) to ask about another instant.
      """,
    subcommands: [
      QuoteCommand.self, SearchCommand.self, ChartCommand.self, ProfileCommand.self,
      NewsCommand.self, InsightsCommand.self, MarketStatusCommand.self, ServeCommand.self,
      LoginCommand.self, LogoutCommand.self, PasswordCommand.self, PortfolioCommand.self,
      BuyCommand.self,
      SellCommand.self, OrdersCommand.self, CancelCommand.self, WatchCommand.self,
      GoalsCommand.self, ProvidersCommand.self, KeysCommand.self, AccountsCommand.self,
      ActionsCommand.self, ActivitiesCommand.self, TransferCommand.self,
      PerformanceCommand.self,
    ]
  )
}
