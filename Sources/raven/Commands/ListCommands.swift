import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

struct WatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch", abstract: "Your watchlist (favorites).",
    subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

  struct List: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Show the watchlist with prices.")
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let list = try await client.send(.GET, "api/v1/watchlist", as: WatchlistBody.self)
      if serverOptions.json { return try JSONOutput.render(list) }
      guard !list.items.isEmpty else { return "Your watchlist is empty: raven watch add AAPL" }
      var table = TextTable([
        ("SYMBOL", .left), ("NAME", .left), ("PRICE", .right), ("CHANGE", .right),
        ("CHANGE %", .right),
      ])
      for item in list.items {
        table.append([
          item.symbol.rawValue, item.name, item.price.map { DisplayFormat.currency($0) } ?? "—",
          item.change.map { DisplayFormat.signed($0) } ?? "—",
          item.changePercent.map { DisplayFormat.percent($0) } ?? "—",
        ])
      }
      return table.render()
    }
  }

  struct Add: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a stock to the watchlist.")
    @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let symbol = try SymbolArgument.parse(symbol)
      _ = try await client.send(.PUT, "api/v1/watchlist/\(symbol)", as: RavenAPIClient.Empty.self)
      return "Added \(symbol) to your watchlist."
    }
  }

  struct Remove: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Remove a stock from the watchlist.")
    @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let symbol = try SymbolArgument.parse(symbol)
      _ = try await client.send(
        .DELETE, "api/v1/watchlist/\(symbol)", as: RavenAPIClient.Empty.self)
      return "Removed \(symbol) from your watchlist."
    }
  }
}

struct GoalsCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "goals", abstract: "Show your goals and their progress.")
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func output(using client: RavenAPIClient) async throws -> String {
    let goals = try await client.send(
      .GET, "api/v1/goals", query: try await accountOption.query(using: client),
      as: GoalsBody.self)
    if serverOptions.json { return try JSONOutput.render(goals) }
    guard !goals.goals.isEmpty else { return "No goals yet. Create them in the web app." }
    var table = TextTable([
      ("GOAL", .left), ("TARGET", .right), ("FUNDED", .right), ("PROGRESS", .right),
    ])
    for goal in goals.goals {
      table.append([
        goal.title, DisplayFormat.currency(goal.target),
        DisplayFormat.currency(goal.allocatedValue),
        Self.percent(goal.progress),
      ])
    }
    return table.render() + "\n" + Self.total(goals)
  }

  /// "Total progress: 9.6% ($1,256.46 of $13,100.00)": a goal funded beyond its target
  /// counts its target only, so the figures are the server's funded value and targets.
  static func total(_ goals: GoalsBody) -> String {
    "Total progress: \(percent(goals.totalProgress)) (\(DisplayFormat.currency(goals.fundedValue))"
      + " of \(DisplayFormat.currency(goals.totalTarget)))"
  }

  /// A 0.4567 ratio as "45.7%".
  static func percent(_ ratio: ExactDecimal) -> String {
    (ratio * 100).rounded(toFractionDigits: 1).description + "%"
  }
}
