import ArgumentParser
import Foundation
import Testing

@testable import raven

/// `raven performance` (issue 35).
@Suite("raven performance")
struct PerformanceCommandTests {
  @Test("the figures in plain words, the benchmark beside them; --json; a bad range refused")
  func performance() async throws {
    try await CLIServer.signedIn { server in
      _ = try await server.run(BuyCommand.parse(["SPY", "10"] + server.options))
      _ = try await server.run(TransferCommand.parse(["deposit", "100"] + server.options))
      let text = try await server.run(
        PerformanceCommand.parse(["--range", "1d"] + server.options))
      #expect(text.contains("Time-weighted") && text.contains("Money-weighted"))
      #expect(text.contains("SPY") && text.contains("%"))
      #expect(text.contains("Transfers") && text.contains("$100.00 in"))
      let json = try await server.run(
        PerformanceCommand.parse(["--range", "1D", "--json"] + server.options))
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(object["deposits"] as? String == "100.00" && object["range"] as? String == "1D")
    }
    #expect(throws: (any Error).self) { try PerformanceCommand.parse(["--range", "2Y"]) }
  }

  @Test("a fraction reads as a signed percentage, annualized figures after it")
  func wording() {
    #expect(PerformanceCommand.percent(.init("0.082")!) == "+8.20%")
    #expect(PerformanceCommand.percent(.init("-0.0315")!) == "-3.15%")
    #expect(PerformanceCommand.annual(.init("0.1")!) == " (+10.00% a year)")
    #expect(PerformanceCommand.annual(nil) == "")
  }
}
