import ArgumentParser
import Foundation
import Testing

@testable import raven

/// `raven transfer deposit|withdraw AMOUNT` (issue 35).
@Suite("raven transfer")
struct TransferCommandTests {
  @Test("deposit and withdraw move cash; both are activities; bad input is refused first")
  func transfer() async throws {
    try await CLIServer.signedIn { server in
      let deposit = try await server.run(
        TransferCommand.parse(["deposit", "1000"] + server.options))
      #expect(deposit == "Deposited $1,000.00. Cash: $26,000.00.")
      let withdrawal = try await server.run(
        TransferCommand.parse(["withdraw", "250.50"] + server.options))
      #expect(withdrawal == "Withdrew $250.50. Cash: $25,749.50.")
      let listed = try await server.run(ActivitiesCommand.parse(server.options))
      #expect(listed.contains("withdrawal") && listed.contains("cash out"))
      #expect(listed.contains("deposit") && listed.contains("cash in"))
      await #expect(throws: (any Error).self) {
        try await server.run(TransferCommand.parse(["withdraw", "1000000"] + server.options))
      }
      let json = try await server.run(
        TransferCommand.parse(["deposit", "5", "--json"] + server.options))
      #expect(
        json.contains(#""direction" : "deposit""#) || json.contains(#""direction":"deposit""#))
    }
    for bad in [["sideways", "5"], ["deposit", "0"], ["deposit", "1.001"], ["deposit", "x"]] {
      #expect(throws: (any Error).self, "\(bad)") { try TransferCommand.parse(bad) }
    }
  }
}
