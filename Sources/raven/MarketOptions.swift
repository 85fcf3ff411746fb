import ArgumentParser
import Foundation
import RavenCore
import RavenMarketData
import RavenSimulation

/// Options every market command takes.
struct MarketOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Ask the simulated market about this instant (ISO-8601, e.g. 2026-11-20T15:30:00Z).",
      valueName: "instant"))
  var at: String?

  @Option(name: .long, help: "The simulated market's seed (default 0, or RAVEN_SIM_SEED).")
  var seed: UInt64?

  @Flag(name: .long, help: "Print JSON instead of a table.")
  var json = false

  /// Settings from these flags, then the environment, then defaults. The environment is
  /// passed in (read once by the command) so that nothing below reads it.
  func settings(environment: [String: String]) throws -> MarketSettings {
    let instantText = at ?? environment["RAVEN_SIM_NOW"]
    let instant = try instantText.map { text in
      guard let date = ISO8601.parse(text) else {
        throw ValidationError("'\(text)' is not an ISO-8601 instant such as 2026-11-20T15:30:00Z")
      }
      return date
    }
    let seedText = environment["RAVEN_SIM_SEED"]
    guard let seed = seed ?? (seedText.map { UInt64($0) } ?? 0) else {
      throw ValidationError("RAVEN_SIM_SEED must be a whole number, got '\(seedText ?? "")'")
    }
    return MarketSettings(instant: instant, seed: seed, json: json)
  }
}

/// What a market command runs against, resolved once at start.
struct MarketSettings: Sendable {
  /// The instant to ask about; `nil` for the system clock.
  var instant: Date?
  var seed: UInt64
  var json: Bool

  /// The one place the CLI wires its market: the simulated market on the chosen clock.
  func makeEnvironment() -> MarketEnvironment {
    let clock: any WallClock = instant.map { FixedWallClock($0) } ?? SystemWallClock()
    let calendar = NYSECalendar()
    let market = SimulatedMarket(seed: seed, clock: clock, calendar: calendar)
    return MarketEnvironment(provider: market, calendar: calendar, clock: clock, json: json)
  }
}

/// Everything a command needs to answer: the provider, the calendar, the clock, and how to print.
struct MarketEnvironment: Sendable {
  let provider: any MarketDataProvider
  let calendar: NYSECalendar
  let clock: any WallClock
  let json: Bool

  var now: Date { clock.now }
}

/// ISO-8601 instants as the CLI reads and prints them.
enum ISO8601 {
  static func parse(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date(
      text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  static func format(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}

/// A market-data command: prints what `output(in:)` renders, errors to stderr with a non-zero exit.
protocol MarketDataCommand: AsyncParsableCommand {
  var options: MarketOptions { get }
  func output(in environment: MarketEnvironment) async throws -> String
}

extension MarketDataCommand {
  func run() async throws {
    let settings = try options.settings(environment: ProcessInfo.processInfo.environment)
    do {
      print(try await output(in: settings.makeEnvironment()))
    } catch MarketDataError.unknownSymbol(let symbol) {
      throw CommandFailure(message: "Unknown symbol: \(symbol)")
    } catch let error as MarketDataError {
      throw CommandFailure(message: error.message)
    }
  }
}

/// A failure the user should read as a sentence, not a Swift error dump.
struct CommandFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
