import ArgumentParser
import Foundation
import RavenAPI

/// `--account NAME-or-ID`: which of your accounts a command reads or trades; your default
/// account (the linked Alpaca account while one is linked, else your first) without it.
struct AccountOption: ParsableArguments {
  @Option(help: "The account, by name or ID (raven accounts); your default account without it.")
  var account: String?

  /// The query that names the account (`?account=<id>`); empty without `--account`.
  func query(using client: RavenAPIClient) async throws -> [String: String] {
    guard let account else { return [:] }
    return ["account": try await AccountOption.id(of: account, using: client).uuidString]
  }

  /// The id of the account `nameOrID` names: its ID, or the name of one of your accounts
  /// (an open one before a closed one), in any case.
  static func id(of nameOrID: String, using client: RavenAPIClient) async throws -> UUID {
    let accounts = try await client.send(.GET, "api/v1/accounts", as: AccountsBody.self).accounts
    if let id = UUID(uuidString: nameOrID), accounts.contains(where: { $0.id == id }) {
      return id
    }
    let wanted = nameOrID.trimmingCharacters(in: .whitespaces).lowercased()
    // The list has the open accounts first.
    guard let found = accounts.first(where: { $0.name.lowercased() == wanted }) else {
      throw CommandFailure(
        message: "You have no account named \"\(nameOrID)\"; `raven accounts` lists them")
    }
    return found.id
  }
}
