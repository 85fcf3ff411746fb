import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven transfer deposit 1000`, `raven transfer withdraw 250.50`: cash into or out of the
/// account from outside it (its performance counts it as a flow, not a return).
struct TransferCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "transfer",
    abstract: "Deposit cash into your account or withdraw it.",
    discussion: """
      A deposit or withdrawal changes what the account holds, not how it performed: \
      time-weighted returns leave it out. You can withdraw only cash that open orders \
      do not hold.
      """)

  @Argument(help: "deposit, or withdraw.") var direction: String
  @Argument(help: "Dollars and cents, e.g. 1000 or 250.50 (at most 10,000,000).")
  var amount: String
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  /// The direction as the API names it.
  var apiDirection: Transfer.Direction? {
    switch direction.lowercased() {
    case "deposit": .deposit
    case "withdraw", "withdrawal": .withdrawal
    default: nil
    }
  }

  func validate() throws {
    guard apiDirection != nil else {
      throw ValidationError("The direction must be deposit or withdraw, got '\(direction)'.")
    }
    do {
      _ = try TransferAmount(amount)
    } catch {
      throw ValidationError(error.message)
    }
  }

  func output(using client: RavenAPIClient) async throws -> String {
    // A fresh key per invocation: a retried request moves the money once.
    let receipt = try await client.send(
      .POST, "api/v1/portfolio/transfers", query: try await accountOption.query(using: client),
      body: TransferRequest(amount: amount, direction: apiDirection?.rawValue ?? direction),
      headers: [("Idempotency-Key", UUID().uuidString)], as: TransferReceiptBody.self)
    if serverOptions.json { return try JSONOutput.render(receipt) }
    let moved = DisplayFormat.currency(receipt.transfer.amount)
    let verb = receipt.transfer.direction == .deposit ? "Deposited" : "Withdrew"
    return "\(verb) \(moved). Cash: \(DisplayFormat.currency(receipt.cash))."
  }
}
