import ArgumentParser
import Foundation
import Hummingbird
import Logging
import RavenCore
import RavenServer

struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Run the Raven server: the web app, the JSON API and the quote stream.",
    discussion: """
      Every option can also come from a RAVEN_* environment variable (RAVEN_HOST, RAVEN_PORT, \
      RAVEN_DATA_DIR, RAVEN_DATABASE_URL, RAVEN_STARTING_CASH, RAVEN_SIM_START, RAVEN_SIM_SEED, \
      RAVEN_LOG_LEVEL, RAVEN_WEB_DIR); flags win. FINNHUB_API_KEY (environment only, so \
      the key never shows in a process list) switches quotes, search, profiles, news and \
      insights to Finnhub; price history stays simulated. FINNHUB_BASE_URL points it elsewhere. \
      RAVEN_SECRET_KEY (32 bytes in base64, or any passphrase) seals users' linked Alpaca keys; \
      without it a key is generated into <data-dir>/secret.key. ALPACA_TRADING_BASE_URL \
      (default https://paper-api.alpaca.markets) is where linked users' orders go.
      """)

  @Option(help: "The address to listen on.") var host: String?
  @Option(help: "The port to listen on.") var port: Int?
  @Option(name: .customLong("data-dir"), help: "Where the SQLite database lives (default .raven).")
  var dataDirectory: String?
  @Option(
    name: .customLong("database-url"),
    help: "postgres://user:password@host:5432/db to use PostgreSQL.")
  var databaseURL: String?
  @Option(
    name: .customLong("starting-cash"), help: "Virtual cash for new accounts (default 25000).")
  var startingCash: String?
  @Option(
    name: .customLong("sim-start"),
    help: "Run the simulated market's clock from this ISO-8601 instant onward in real time.")
  var simulationStart: String?
  @Option(name: .customLong("seed"), help: "The simulated market's seed (default 0).")
  var seed: UInt64?
  @Option(
    name: .customLong("web-dir"),
    help: "Developing the web app: serve its files from this directory, re-read on each request.")
  var webDirectory: String?
  @Option(
    name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error, critical.")
  var logLevel: String?
  @Option(
    name: .customLong("finnhub-base-url"),
    help: "Finnhub's REST API (default https://finnhub.io/api/v1); used with FINNHUB_API_KEY.")
  var finnhubBaseURL: String?
  @Option(
    name: .customLong("alpaca-trading-base-url"),
    help: "Alpaca's trading API for linked accounts (default https://paper-api.alpaca.markets).")
  var alpacaTradingBaseURL: String?

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let configuration = try serverConfiguration(environment: environment)
    let level =
      Logger.Level(rawValue: logLevel ?? environment["RAVEN_LOG_LEVEL"] ?? "info") ?? .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    var logger = Logger(label: "raven")
    logger.logLevel = level
    let app = try await buildApplication(configuration, logger: logger)
    try await app.runService()
  }

  /// Flags, then `RAVEN_*` variables, then defaults.
  func serverConfiguration(environment: [String: String]) throws -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = host ?? environment["RAVEN_HOST"] ?? configuration.host
    if let text = port.map(String.init) ?? environment["RAVEN_PORT"] {
      guard let value = Int(text), (0...65_535).contains(value) else {
        throw ValidationError("The port must be 0 to 65535, got '\(text)'")
      }
      configuration.port = value
    }
    configuration.dataDirectory =
      dataDirectory ?? environment["RAVEN_DATA_DIR"] ?? configuration.dataDirectory
    configuration.databaseURL = databaseURL ?? environment["RAVEN_DATABASE_URL"]
    if let text = startingCash ?? environment["RAVEN_STARTING_CASH"] {
      guard let cash = Money(text), !cash.isNegative, cash.exact.significantFractionDigits <= 2
      else {
        throw ValidationError("The starting cash must be an amount such as 25000 or 1000.50")
      }
      configuration.startingCash = cash
    }
    if let text = simulationStart ?? environment["RAVEN_SIM_START"] {
      guard let start = ISO8601.parse(text) else {
        throw ValidationError("'\(text)' is not an ISO-8601 instant such as 2026-11-20T14:30:00Z")
      }
      configuration.simulationStart = start
    }
    configuration.webDirectory = webDirectory ?? environment["RAVEN_WEB_DIR"]
    configuration.finnhubAPIKey = environment["FINNHUB_API_KEY"].flatMap {
      let key = $0.trimmingCharacters(in: .whitespacesAndNewlines)
      return key.isEmpty ? nil : key
    }
    if let text = finnhubBaseURL ?? environment["FINNHUB_BASE_URL"] {
      guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http",
        url.host?.isEmpty == false
      else {
        throw ValidationError("The Finnhub base URL must be an http(s) URL, got '\(text)'")
      }
      configuration.finnhubBaseURL = text
    }
    configuration.secretKey = environment["RAVEN_SECRET_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    if let text = alpacaTradingBaseURL ?? environment["ALPACA_TRADING_BASE_URL"] {
      guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http",
        url.host?.isEmpty == false
      else {
        throw ValidationError("The Alpaca trading base URL must be an http(s) URL, got '\(text)'")
      }
      configuration.alpacaTradingBaseURL = text
    }
    if let text = seed.map(String.init) ?? environment["RAVEN_SIM_SEED"] {
      guard let value = UInt64(text) else {
        throw ValidationError("The seed must be a whole number")
      }
      configuration.simulationSeed = value
    }
    return configuration
  }
}
