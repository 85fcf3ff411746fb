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

/// `raven actions` and `raven activities` (issue 34).
@Suite("raven actions and activities")
struct CorporateActionCommandTests {
  @Test("actions: the yield, the last split, and a table of dividends and splits")
  func actions() async throws {
    let market = SimulatedMarket(seed: 42)
    // A company that split and pays.
    let splitter = try #require(
      try market.universe.companies.first { company in
        let actions = try market.corporateActions(of: company.symbol)
        return actions.contains { $0.splitRatio != nil && $0.exDate.year >= 2010 }
          && actions.contains { $0.dividendRate != nil && $0.exDate.year == 2026 }
      })
    let text = try await output(
      ActionsCommand.parse([splitter.symbol.rawValue, "--limit", "200"]))
    #expect(text.contains("Dividend yield") && text.contains("Last split"))
    #expect(text.contains("EX-DATE") && text.contains(" dividend ") && text.contains("split"))
    #expect(text.contains("Source: Raven simulated market"))
    let json = try await output(ActionsCommand.parse(["KO", "--json"]))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["symbol"] as? String == "KO" && object["actions"] is [Any])
    #expect(throws: (any Error).self) { try ActionsCommand.parse(["KO", "--limit", "0"]) }
  }

  /// The command's output on the simulated market (seed 42) at a Friday's midday.
  func output(_ command: ActionsCommand) async throws -> String {
    var command = command
    command.options = try MarketOptions.parse(
      (command.options.json ? ["--json"] : []) + ["--seed", "42", "--at", "2026-11-20T18:00:00Z"])
    return try await command.output(
      in: command.options.settings(environment: [:]).makeEnvironment())
  }

  @Test("activities: fills newest first, with their cash")
  func activities() async throws {
    try await CLIServer.signedIn { server in
      #expect(try await server.run(ActivitiesCommand.parse(server.options)) == "No activity yet.")
      _ = try await server.run(BuyCommand.parse(["KO", "2"] + server.options))
      let listed = try await server.run(ActivitiesCommand.parse(server.options))
      #expect(listed.contains("fill") && listed.contains("KO") && listed.contains("buy 2"))
      #expect(listed.contains("-$") && listed.contains("filled"))
    }
  }
}
