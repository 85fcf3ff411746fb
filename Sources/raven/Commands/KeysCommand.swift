import ArgumentParser
import Foundation
import RavenAPI

/// `raven keys`: API keys for the Alpaca-compatible API, so a bot written for Alpaca's
/// SDK trades on this Raven server.
struct KeysCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys", abstract: "Your API keys for Alpaca's SDKs and trading bots.",
    subcommands: [List.self, Create.self, Revoke.self], defaultSubcommand: List.self)

  struct List: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List your API keys (never their secrets).")
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      let body = try await client.send(.GET, "api/v1/auth/api-keys", as: APIKeysBody.self)
      if serverOptions.json { return try JSONOutput.render(body) }
      guard !body.keys.isEmpty else { return "No API keys yet: raven keys create NAME" }
      var table = TextTable([
        ("ID", .left), ("NAME", .left), ("KEY ID", .left), ("ACCESS", .left), ("ACCOUNT", .left),
        ("CREATED", .left),
      ])
      let accounts = try await client.send(.GET, "api/v1/accounts", as: AccountsBody.self)
      let names = Dictionary(
        accounts.accounts.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      for key in body.keys {
        table.append([
          key.id.uuidString.lowercased(), key.name, key.keyId,
          key.readOnly ? "read-only" : "trading", names[key.accountId] ?? "",
          key.createdAt.formatted(.iso8601.year().month().day()),
        ])
      }
      return table.render()
    }
  }

  struct Create: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "create",
      abstract: "Create an API key; its secret is shown this once.")
    @Argument(help: "What the key is for, e.g. \"momentum bot\".") var name: String
    @Flag(help: "Data and account reads only; orders are refused.") var readOnly = false
    @Option(help: "The account it trades, by name or ID (your first account without it).")
    var account: String?
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      // alpaca-py adds "/v2/…" to the override itself: a trailing "/" would double it.
      var server = client.server.absoluteString
      while server.hasSuffix("/") { server.removeLast() }
      var accountID: UUID?
      if let account { accountID = try await AccountOption.id(of: account, using: client) }
      let key = try await client.send(
        .POST, "api/v1/auth/api-keys",
        body: APIKeyRequest(name: name, readOnly: readOnly, accountId: accountID),
        as: CreatedAPIKeyBody.self)
      if serverOptions.json { return try JSONOutput.render(key) }
      return """
        Created API key "\(key.name)"\(key.readOnly ? " (read-only)" : "").
        Key ID      \(key.keyId)
        Secret key  \(key.secret)
        The secret is shown only now. With alpaca-py:
          TradingClient("\(key.keyId)", "<secret>", url_override="\(server)")
        ID \(key.id.uuidString.lowercased()) (raven keys revoke ID)
        """
    }
  }

  struct Revoke: ServerCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke", abstract: "Revoke an API key at once.")
    @Argument(help: "The key's ID, as `raven keys list` shows it.") var id: String
    @OptionGroup var serverOptions: ServerOptions

    func output(using client: RavenAPIClient) async throws -> String {
      guard let id = UUID(uuidString: id) else {
        throw ValidationError("A key's ID looks like 6f1e4c52-0b7a-4e0d-9b7b-2f4b1d9a6c11.")
      }
      let _: RavenAPIClient.Empty = try await client.send(
        .DELETE, "api/v1/auth/api-keys/\(id.uuidString.lowercased())")
      return "Revoked."
    }
  }
}
