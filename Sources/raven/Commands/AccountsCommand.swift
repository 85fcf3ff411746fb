import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven accounts`: your paper accounts (and a linked Alpaca account), each with its own
/// cash, positions, orders, goals and API keys.
struct AccountsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "accounts",
    abstract: "Your accounts: list, create, rename, margin on or off, reset, close.",
    discussion: """
      Other commands take --account NAME-or-ID to act on one of them (your default account \
      otherwise), e.g. `raven buy AAPL 2 --account Momentum`.
      """,
    subcommands: [List.self, Create.self, Rename.self, Margin.self, Reset.self, Close.self],
    defaultSubcommand: List.self)

  struct List: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List your accounts, open ones first.")
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let body = try await client.send(.GET, "api/v1/accounts", as: AccountsBody.self)
      if serverOptions.json { return try JSONOutput.render(body) }
      var table = TextTable([
        ("", .left), ("NAME", .left), ("KIND", .left), ("STARTING CASH", .right),
        ("STATUS", .left), ("ID", .left),
      ])
      for account in body.accounts {
        table.append([
          account.isDefault ? "*" : "", account.name,
          account.kind.rawValue + (account.margin ? ", margin" : ""),
          DisplayFormat.currency(account.startingCash),
          account.closedAt.map { "closed \($0.formatted(.iso8601.year().month().day()))" }
            ?? "open",
          account.id.uuidString.lowercased(),
        ])
      }
      return table.render() + "\n* your default account"
    }
  }

  struct Create: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "create", abstract: "Open a paper account.")
    @Argument(help: "Its name, unique among your open accounts.") var name: String
    @Option(help: "Its starting cash, e.g. 10000 (the server's starting cash without it).")
    var cash: String?
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let account = try await client.send(
        .POST, "api/v1/accounts", body: AccountCreateRequest(name: name, startingCash: cash),
        as: AccountBody.self)
      if serverOptions.json { return try JSONOutput.render(account) }
      return """
        Opened "\(account.name)" with \(DisplayFormat.currency(account.startingCash)).
        Use it with --account "\(account.name)", or a key for it: \
        raven keys create NAME --account "\(account.name)"
        """
    }
  }

  struct Rename: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "rename", abstract: "Rename an account.")
    @Argument(help: "The account, by name or ID.") var account: String
    @Argument(help: "Its new name.") var name: String
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let id = try await AccountOption.id(of: account, using: client)
      let renamed = try await client.send(
        .PATCH, "api/v1/accounts/\(id.uuidString.lowercased())",
        body: AccountPatchRequest(name: name), as: AccountBody.self)
      if serverOptions.json { return try JSONOutput.render(renamed) }
      return "Renamed to \"\(renamed.name)\"."
    }
  }

  struct Margin: ServerCommand {
    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    static let configuration = CommandConfiguration(
      commandName: "margin", abstract: "Make an account a margin account, or a cash account again.",
      discussion: """
        On: buying power of 4× the equity above the maintenance margin intraday from $25,000         of equity at the last close (2× the equity above half the positions' value         otherwise), and short selling. Losses can exceed the cash put in; below the         maintenance margin (25 % of long positions, 30 % of short ones) a margin call         closes the largest positions. Off: refused while cash is borrowed or a position is         short.
        """)
    @Argument(help: "on or off.") var state: Switch
    @Option(help: "The account, by name or ID (your default account without it).")
    var account: String?
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let id: UUID
      if let account {
        id = try await AccountOption.id(of: account, using: client)
      } else {
        let all = try await client.send(.GET, "api/v1/accounts", as: AccountsBody.self)
        guard let chosen = all.accounts.first(where: \.isDefault) else {
          throw ValidationError("You have no default account; name one with --account.")
        }
        id = chosen.id
      }
      let changed = try await client.send(
        .PATCH, "api/v1/accounts/\(id.uuidString.lowercased())",
        body: AccountPatchRequest(margin: state == .on), as: AccountBody.self)
      if serverOptions.json { return try JSONOutput.render(changed) }
      return changed.margin
        ? "\"\(changed.name)\" is a margin account: it can buy on margin and sell short."
        : "\"\(changed.name)\" is a cash account."
    }
  }

  struct Reset: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "reset", abstract: "Start an account afresh with new cash.",
      discussion: """
        Its open orders are canceled and its positions go; its past orders and trades stay \
        in its history, and its API keys keep working.
        """)
    @Argument(help: "The account, by name or ID.") var account: String
    @Option(help: "Its new starting cash (the server's starting cash without it).")
    var cash: String?
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let id = try await AccountOption.id(of: account, using: client)
      let reset = try await client.send(
        .POST, "api/v1/accounts/\(id.uuidString.lowercased())/reset",
        body: AccountResetRequest(startingCash: cash), as: AccountBody.self)
      if serverOptions.json { return try JSONOutput.render(reset) }
      return "\"\(reset.name)\" starts afresh with \(DisplayFormat.currency(reset.startingCash))."
    }
  }

  struct Close: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "close", abstract: "Close an account with no open orders.",
      discussion: "Its record stays, read-only; its API keys stop working at once.")
    @Argument(help: "The account, by name or ID.") var account: String
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let id = try await AccountOption.id(of: account, using: client)
      let _: RavenAPIClient.Empty = try await client.send(
        .DELETE, "api/v1/accounts/\(id.uuidString.lowercased())")
      return "Closed."
    }
  }
}
