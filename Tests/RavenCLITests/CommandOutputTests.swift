import ArgumentParser
import Foundation
import RavenAPI
import RavenCore
import RavenMarketData
import Testing

@testable import raven

/// The CLI's contract: each command's table and JSON, from a fixed simulated instant.
@Suite("raven market commands")
struct CommandOutputTests {
  static let instant = "2026-11-20T18:00:00Z"

  private func run<Command: MarketDataCommand>(
    _ type: Command.Type, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> String {
    let command = try type.parse(arguments + ["--seed", "42"])
    let settings = try command.options.settings(environment: environment)
    return try await command.output(in: settings.makeEnvironment())
  }

  private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test("quote --json: an array of quotes with the contract's keys, amounts as strings")
  func quoteJSON() async throws {
    let output = try await run(QuoteCommand.self, ["AAPL", "msft", "--json", "--at", Self.instant])
    let quotes = try #require(try json(output) as? [[String: Any]])
    #expect(quotes.count == 2)
    #expect(quotes.map { $0["symbol"] as? String } == ["AAPL", "MSFT"])
    let keys: Set = [
      "symbol", "price", "change", "changePercent", "open", "high", "low", "previousClose", "time",
      "bid", "ask",
    ]
    for quote in quotes {
      #expect(Set(quote.keys) == keys)
      for key in keys.subtracting(["symbol", "time"]) {
        #expect(quote[key] is String, "\(key) should be a string")
      }
      #expect(quote["time"] as? String == Self.instant)
    }
  }

  @Test("quote: a table with prices and the simulated source")
  func quoteTable() async throws {
    let output = try await run(QuoteCommand.self, ["AAPL", "--at", Self.instant])
    let lines = output.split(separator: "\n")
    #expect(lines[0].hasPrefix("SYMBOL"))
    #expect(lines[0].contains("BID") && lines[0].contains("ASK"))
    #expect(lines[1].hasPrefix("AAPL"))
    #expect(lines[1].contains("$"))
    #expect(output.contains("Source: Raven simulated market (simulated prices"))
  }

  @Test("The same instant and seed print the same quote; RAVEN_SIM_NOW stands in for --at")
  func reproducible() async throws {
    let flag = try await run(QuoteCommand.self, ["KO", "--json", "--at", Self.instant])
    let environment = try await run(
      QuoteCommand.self, ["KO", "--json"], environment: ["RAVEN_SIM_NOW": Self.instant])
    #expect(flag == environment)
  }

  @Test("search --json: best match first, with symbol, name and exchange")
  func searchJSON() async throws {
    let output = try await run(SearchCommand.self, ["apple", "--json"])
    let results = try #require(try json(output) as? [[String: String]])
    #expect(
      results.first == [
        "symbol": "AAPL", "name": "Apple Inc", "exchange": "NASDAQ NMS - GLOBAL MARKET",
      ])
  }

  @Test(
    "chart --json: at most --points points, segments, and the range", arguments: ChartRange.allCases
  )
  func chartJSON(range: ChartRange) async throws {
    let output = try await run(
      ChartCommand.self,
      ["AAPL", "--range", range.rawValue, "--points", "120", "--json", "--at", Self.instant])
    let chart = try #require(try json(output) as? [String: Any])
    #expect(chart["symbol"] as? String == "AAPL")
    #expect(chart["range"] as? String == range.rawValue)
    let points = try #require(chart["points"] as? [[String: String]])
    #expect(points.count <= 120 && points.count >= 2)
    #expect(points.allSatisfy { $0["time"] != nil && $0["price"] != nil })
    #expect((chart["segments"] as? [Any])?.isEmpty == false)
  }

  @Test("chart: a terminal line with a header and the price range")
  func chartText() async throws {
    let output = try await run(ChartCommand.self, ["AAPL", "--range", "1D", "--at", Self.instant])
    #expect(output.hasPrefix("AAPL  1D  $"))
    #expect(output.contains("● live"))
    #expect(output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
  }

  @Test("market --json: open during a session, with the next open and close")
  func marketJSON() async throws {
    let open = try #require(
      try json(try await run(MarketStatusCommand.self, ["--json", "--at", Self.instant]))
        as? [String: Any])
    #expect(open["isOpen"] as? Bool == true)
    #expect(open["session"] as? String == "regular")
    #expect(open["nextClose"] as? String == "2026-11-20T21:00:00Z")
    #expect(open["nextOpen"] as? String == "2026-11-23T14:30:00Z")
    let thanksgiving = try #require(
      try json(try await run(MarketStatusCommand.self, ["--json", "--at", "2026-11-26T16:00:00Z"]))
        as? [String: Any])
    #expect(thanksgiving["isOpen"] as? Bool == false)
    #expect(thanksgiving["holiday"] as? String == "Thanksgiving Day")
    #expect(thanksgiving["nextOpen"] as? String == "2026-11-27T14:30:00Z")
    #expect(thanksgiving["nextClose"] as? String == "2026-11-27T18:00:00Z")
  }

  @Test("profile, news and insights print their sections")
  func otherCommands() async throws {
    let profile = try await run(ProfileCommand.self, ["AAPL", "--at", Self.instant])
    #expect(profile.contains("Apple Inc (AAPL)") && profile.contains("Peers"))
    let news = try await run(NewsCommand.self, ["AAPL", "--at", Self.instant])
    #expect(news.contains("Raven Simulated Wire"))
    let insights = try await run(InsightsCommand.self, ["AAPL", "--json", "--at", Self.instant])
    let object = try #require(try json(insights) as? [String: Any])
    #expect(Set(object.keys) == ["recommendations", "earnings", "sentiment"])
  }

  @Test("An unknown symbol is an error, not an empty answer")
  func unknownSymbol() async throws {
    await #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try await run(QuoteCommand.self, ["NOPE", "--at", Self.instant])
    }
  }

  @Test("Malformed input is refused before anything runs")
  func validation() async throws {
    #expect(throws: (any Error).self) { try ChartCommand.parse(["AAPL", "--range", "2D"]) }
    #expect(throws: (any Error).self) { try ChartCommand.parse(["AAPL", "--points", "1"]) }
    await #expect(throws: ValidationError.self) {
      try await run(QuoteCommand.self, ["AA PL!"])
    }
    #expect(throws: ValidationError.self) {
      try QuoteCommand.parse(["AAPL", "--at", "yesterday"]).options.settings(environment: [:])
    }
    #expect(throws: ValidationError.self) {
      try QuoteCommand.parse(["AAPL"]).options.settings(environment: ["RAVEN_SIM_SEED": "x"])
    }
  }

  @Test("goals: the total line gives the funded value of the total target")
  func goalsTotal() {
    let goals = GoalsBody(
      goals: [], totalProgress: ExactDecimal("0.0959")!, fundedValue: Money("1256.46")!,
      totalTarget: Money("13100")!)
    #expect(GoalsCommand.total(goals) == "Total progress: 9.6% ($1,256.46 of $13,100.00)")
  }
}
