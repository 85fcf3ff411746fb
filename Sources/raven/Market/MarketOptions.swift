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

  @Flag(
    name: .long,
    help: "Compute the simulated market on this machine, even when signed in to a server.")
  var local = false

  @Option(
    help: ArgumentHelp(
      "Ask this Raven server's market (or RAVEN_SERVER); signed in, the default server's.",
      valueName: "url"))
  var server: String?

  @Flag(name: .long, help: "Print JSON instead of a table.")
  var json = false

  /// Which market answers: a server when one is named (`--server`, `RAVEN_SERVER`) or the
  /// user is signed in to the default one, so that the quote shown is the price traded at;
  /// the simulated market on this machine when asked for (`--local`, `--at`, `--seed`) or
  /// when there is no server to ask.
  func market(environment: [String: String], credentials: CredentialsFile) throws
    -> MarketChoice
  {
    let wantsLocal = local || at != nil || seed != nil
    if server != nil, wantsLocal {
      throw ValidationError(
        "--server asks a server's market; --local, --at and --seed ask the simulated market "
          + "on this machine. Give one or the other.")
    }
    if let named = server ?? (wantsLocal ? nil : environment["RAVEN_SERVER"]) {
      let url = try ServerOptions.url(named)
      return .server(url, token: credentials.entry(for: url)?.token)
    }
    let home = try ServerOptions.url(ServerOptions.defaultServer)
    if !wantsLocal, let entry = credentials.entry(for: home) {
      return .server(home, token: entry.token)
    }
    return .local(try settings(environment: environment))
  }

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
struct MarketSettings: Sendable, Equatable {
  /// The instant to ask about; `nil` for the system clock.
  var instant: Date?
  var seed: UInt64
  var json: Bool

  /// The one place the CLI wires its local market: the simulated market on the chosen clock.
  func makeEnvironment() -> MarketEnvironment {
    let clock: any WallClock = instant.map { FixedWallClock($0) } ?? SystemWallClock()
    let calendar = NYSECalendar()
    let market = SimulatedMarket(seed: seed, calendar: calendar)
    return MarketEnvironment(
      market: LocalMarket(provider: market, calendar: calendar, clock: clock), calendar: calendar,
      json: json)
  }
}

/// The market a command asks, chosen once at start.
enum MarketChoice: Equatable {
  case local(MarketSettings)
  /// A server, with the user's token for it when they are signed in.
  case server(URL, token: String?)
}

/// Everything a command needs to answer: the market, the calendar, and how to print.
struct MarketEnvironment: Sendable {
  let market: any MarketSource
  /// New York's calendar, to print times in the exchange's zone.
  var calendar = NYSECalendar()
  let json: Bool
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
    let environment = ProcessInfo.processInfo.environment
    switch try options.market(
      environment: environment, credentials: CredentialsFile.locate(environment: environment))
    {
    case .local(let settings):
      do {
        print(try await output(in: settings.makeEnvironment()))
      } catch MarketDataError.unknownSymbol(let symbol) {
        throw CommandFailure(message: "Unknown symbol: \(symbol)")
      } catch let error as MarketDataError {
        throw CommandFailure(message: error.message)
      }
    case .server(let server, let token):
      do {
        print(
          try await withAPIClient(server: server, token: token) { client in
            try await output(
              in: MarketEnvironment(market: ServerMarket(client: client), json: options.json))
          })
      } catch let error as RavenAPIClient.Unreachable {
        throw CommandFailure(
          message: "\(error); pass --local to ask the simulated market on this machine")
      }
    }
  }
}

/// A failure the user should read as a sentence, not a Swift error dump.
struct CommandFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
