import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdTesting
import RavenAPI
import RavenCore
import RavenServer
import RavenSimulation
import RavenStoreSQLite
import Testing

@testable import raven

/// `raven accounts` and `--account`, against a real server on a socket.
@Suite("raven accounts")
struct AccountsCommandTests {
  @Test("accounts are opened, traded in by name, renamed, reset and closed")
  func accountsByName() async throws {
    try await CLIServer.signedIn { server in
      let options = server.options
      func run(_ command: some ServerCommand) async throws -> String {
        try await server.run(command)
      }

      let opened = try await run(
        AccountsCommand.Create.parse(["Momentum", "--cash", "1000"] + options))
      #expect(opened.hasPrefix(#"Opened "Momentum" with $1,000.00."#))
      let bought = try await run(
        BuyCommand.parse(["AAPL", "1", "--account", "momentum"] + options))
      #expect(bought.contains("bought 1 share of AAPL"))
      let momentum = try await run(PortfolioCommand.parse(["--account", "Momentum"] + options))
      #expect(momentum.contains("AAPL"))
      let individual = try await run(PortfolioCommand.parse(options))
      #expect(individual.contains("No positions yet.") && individual.contains("$25,000.00"))

      let list = try await run(AccountsCommand.List.parse(options))
      #expect(list.contains("Individual") && list.contains("Momentum"))
      #expect(list.split(separator: "\n")[1].hasPrefix("*"), "the default is marked")

      #expect(
        try await run(AccountsCommand.Rename.parse(["Momentum", "Swing"] + options))
          == #"Renamed to "Swing"."#)
      let reset = try await run(AccountsCommand.Reset.parse(["swing", "--cash", "500"] + options))
      #expect(reset == #""Swing" starts afresh with $500.00."#)
      let afresh = try await run(PortfolioCommand.parse(["--account", "Swing"] + options))
      #expect(afresh.contains("No positions yet.") && afresh.contains("$500.00"))
      let key = try await run(
        KeysCommand.Create.parse(["bot", "--account", "Swing"] + options))
      #expect(key.contains("Created API key"))
      #expect(try await run(KeysCommand.List.parse(options)).contains("Swing"))

      // Margin on the default account: a short sale, shown as such, then covered.
      #expect(
        try await run(AccountsCommand.Margin.parse(["on"] + options))
          == #""Individual" is a margin account: it can buy on margin and sell short."#)
      #expect(try await run(AccountsCommand.List.parse(options)).contains("paper, margin"))
      _ = try await run(SellCommand.parse(["MSFT", "3"] + options))
      let short = try await run(PortfolioCommand.parse(options))
      #expect(short.contains("-3 (short)") && short.contains("Margin cushion"))
      await #expect(throws: CommandFailure.self) {
        try await run(AccountsCommand.Margin.parse(["off", "--account", "Individual"] + options))
      }
      _ = try await run(BuyCommand.parse(["MSFT", "3"] + options))
      #expect(
        try await run(AccountsCommand.Margin.parse(["off"] + options))
          == #""Individual" is a cash account."#)

      #expect(try await run(AccountsCommand.Close.parse(["Swing"] + options)) == "Closed.")
      await #expect(throws: CommandFailure.self) {
        try await run(PortfolioCommand.parse(["--account", "Nope"] + options))
      }
      await #expect(throws: CommandFailure.self) {
        try await run(AccountsCommand.Close.parse(["Individual"] + options))
      }
    }
  }
}
