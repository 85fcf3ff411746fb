import ArgumentParser
import Configuration
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
      RAVEN_DATA_DIR, RAVEN_DATABASE_URL, RAVEN_STARTING_CASH, RAVEN_SIM_START, \
      RAVEN_SIM_SPEED, RAVEN_SIM_SEED, RAVEN_MAX_PARTICIPATION, RAVEN_LOG_LEVEL, RAVEN_WEB_DIR, \
      RAVEN_PUBLIC_URL, RAVEN_SECURE_COOKIES, RAVEN_TRUSTED_PROXY, RAVEN_IDLE_TIMEOUT, \
      RAVEN_METRICS_PORT, RAVEN_METRICS_HOST); flags win.

      The simulated market's clock is stored with the data: the first --sim-start and \
      --sim-speed are kept, and a later start without --sim-start (or with the same one) \
      continues the market's time, the time the server was down passing at the stored \
      speed. A new --sim-speed applies from the market's current time; a --sim-start \
      before the data's latest fill is refused unless --sim-reset starts the market afresh \
      (canceling its open orders).

      Live market data, from keys in the environment only (so they never show in a \
      process list): FINNHUB_API_KEY (quotes, search, profiles, news and insights), \
      ALPACA_API_KEY_ID with ALPACA_API_SECRET_KEY (price history; quotes and news as a \
      fallback), ALPHAVANTAGE_API_KEY (quotes, search and price history as the last \
      fallback). What no configured provider serves comes from the simulated market. \
      FINNHUB_BASE_URL, FINNHUB_STREAM_URL, ALPACA_DATA_BASE_URL and ALPHAVANTAGE_BASE_URL \
      point them elsewhere; FINNHUB_CALLS_PER_MINUTE (default 60), ALPACA_CALLS_PER_MINUTE \
      (200) and ALPHAVANTAGE_CALLS_PER_DAY (25) fit their budgets to another plan. \
      `raven providers` shows what serves what. \
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
    help: "Run the simulated market's clock from this ISO-8601 instant onward.")
  var simulationStart: String?
  @Option(
    name: .customLong("sim-speed"),
    help: "Market seconds per real second (default 1; 60 runs a trading day in 6.5 minutes).")
  var simulationSpeed: String?
  @Flag(
    name: .customLong("sim-reset"),
    help: "Start the simulated market afresh from --sim-start, canceling its open orders.")
  var simulationReset = false
  @Option(
    name: .customLong("max-participation"),
    help: "The percent of a minute's volume orders may take, all accounts together (default 10).")
  var maxParticipation: String?
  @Option(name: .customLong("seed"), help: "The simulated market's seed (default 0).")
  var seed: UInt64?
  @Option(
    name: .customLong("web-dir"),
    help: "Developing the web app: serve its files from this directory, re-read on each request.")
  var webDirectory: String?
  @Option(
    name: .customLong("public-url"),
    help: """
      Where people reach this server, e.g. https://raven.example.com, for Raven's links to \
      its own pages (default: http:// and the request's Host).
      """)
  var publicURL: String?
  @OptionGroup(title: "Running on the open internet") var security: ServeSecurityOptions
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
    let config = reader(environment: ProcessInfo.processInfo.environment)
    let configuration = try serverConfiguration(config)
    let level = config.string(forKey: "raven.logLevel", as: Logger.Level.self, default: .info)
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
    try serverConfiguration(reader(environment: environment))
  }

  /// The variables whose values are secrets: their provider and every read of them mark them
  /// so, and an access log (swift-configuration's `CONFIG_ACCESS_LOG_FILE`) redacts them.
  static let secretVariables: Set<String> = [
    "RAVEN_SECRET_KEY", "RAVEN_DATABASE_URL", "FINNHUB_API_KEY", "ALPACA_API_KEY_ID",
    "ALPACA_API_SECRET_KEY", "ALPHAVANTAGE_API_KEY",
  ]

  /// `serve`'s settings in precedence order: the flags given, then the environment; a setting
  /// in neither keeps its default. A key names its variable by EnvironmentVariablesProvider's
  /// mapping (`raven.sim.speed` is `RAVEN_SIM_SPEED`, `finnhub.baseURL` `FINNHUB_BASE_URL`).
  func reader(environment: [String: String]) -> ConfigReader {
    let flags: [(AbsoluteConfigKey, String?)] = [
      ("raven.host", host), ("raven.port", port.map(String.init)),
      ("raven.dataDir", dataDirectory), ("raven.databaseURL", databaseURL),
      ("raven.startingCash", startingCash), ("raven.sim.start", simulationStart),
      ("raven.sim.speed", simulationSpeed), ("raven.sim.seed", seed.map(String.init)),
      ("raven.maxParticipation", maxParticipation), ("raven.webDir", webDirectory),
      ("raven.publicURL", publicURL), ("raven.logLevel", logLevel),
      ("finnhub.baseURL", finnhubBaseURL), ("alpaca.tradingBaseURL", alpacaTradingBaseURL),
    ]
    let given = (flags + security.flags).compactMap { key, text in
      text.map { (key, ConfigValue(.string($0), isSecret: false)) }
    }
    // An empty variable (as compose files leave it) is unset; an empty flag is a mistake.
    let unsetWhenEmpty: Set = ["RAVEN_PUBLIC_URL", "RAVEN_SECRET_KEY", "RAVEN_SECURE_COOKIES"]
    let variables = environment.filter { !($0.value.isEmpty && unsetWhenEmpty.contains($0.key)) }
    return ConfigReader(providers: [
      InMemoryProvider(name: "flags", values: Dictionary(uniqueKeysWithValues: given)),
      EnvironmentVariablesProvider(
        environmentVariables: variables, secretsSpecifier: .specific(Self.secretVariables)),
    ])
  }

  /// The settings read from `config`. Values are read as text and checked here: the reader's
  /// typed getters fall back to the default on a value they cannot convert, and Raven refuses
  /// it instead, with a message of its own.
  func serverConfiguration(_ config: ConfigReader) throws -> ServerConfiguration {
    var configuration = ServerConfiguration()
    let raven = config.scoped(to: "raven")
    configuration.host = raven.string(forKey: "host", default: configuration.host)
    if let text = raven.string(forKey: "port") {
      guard let value = Int(text), (0...65_535).contains(value) else {
        throw ValidationError("The port must be 0 to 65535, got '\(text)'")
      }
      configuration.port = value
    }
    configuration.dataDirectory = raven.string(
      forKey: "dataDir", default: configuration.dataDirectory)
    configuration.databaseURL = raven.string(forKey: "databaseURL", isSecret: true)
    if let text = raven.string(forKey: "startingCash") {
      guard let cash = Money(text), !cash.isNegative, cash.exact.significantFractionDigits <= 2
      else {
        throw ValidationError("The starting cash must be an amount such as 25000 or 1000.50")
      }
      configuration.startingCash = cash
    }
    if let text = raven.string(forKey: "sim.start") {
      guard let start = ISO8601.parse(text) else {
        throw ValidationError("'\(text)' is not an ISO-8601 instant such as 2026-11-20T14:30:00Z")
      }
      configuration.simulationStart = start
    }
    if let text = raven.string(forKey: "sim.speed") {
      guard let speed = Double(text), speed > 0, speed <= MarketClockSetting.maximumSpeed else {
        throw ValidationError(
          "The simulated market's speed must be a number above 0 and at most "
            + "\(Int(MarketClockSetting.maximumSpeed)), got '\(text)'")
      }
      configuration.simulationSpeed = speed
    }
    configuration.simulationReset = simulationReset
    if let text = raven.string(forKey: "maxParticipation") {
      guard let percent = ExactDecimal(text), percent > .zero,
        percent <= ExactDecimal(units: 100, fractionDigits: 0)
      else {
        throw ValidationError(
          "The participation must be a percent above 0 and at most 100, got '\(text)'")
      }
      configuration.maxParticipation = percent * ExactDecimal(units: 1, fractionDigits: 2)
    }
    configuration.webDirectory = raven.string(forKey: "webDir")
    if let text = raven.string(forKey: "publicURL") {
      guard let url = ServerConfiguration.validatedPublicURL(text) else {
        throw ValidationError(
          "The public URL must be an absolute http(s) URL of the server such as "
            + "https://raven.example.com (no path, query or fragment), got '\(text)'")
      }
      configuration.publicURL = url
    }
    try readLiveMarketData(config, into: &configuration)
    try security.apply(raven, to: &configuration)
    configuration.secretKey = raven.string(forKey: "secretKey", isSecret: true)
    if let text = config.string(forKey: "alpaca.tradingBaseURL") {
      guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http",
        url.host?.isEmpty == false
      else {
        throw ValidationError("The Alpaca trading base URL must be an http(s) URL, got '\(text)'")
      }
      configuration.alpacaTradingBaseURL = text
    }
    if let text = raven.string(forKey: "sim.seed") {
      guard let value = UInt64(text) else {
        throw ValidationError("The seed must be a whole number")
      }
      configuration.simulationSeed = value
    }
    return configuration
  }

  /// The live providers' keys (environment only) and addresses.
  private func readLiveMarketData(
    _ config: ConfigReader, into configuration: inout ServerConfiguration
  ) throws {
    func key(_ key: ConfigKey) -> String? {
      config.string(forKey: key, isSecret: true).flatMap {
        let key = $0.trimmingCharacters(in: .whitespacesAndNewlines)
        return key.isEmpty ? nil : key
      }
    }
    func url(_ key: ConfigKey, _ provider: String, schemes: Set<String>) throws -> String? {
      guard let text = config.string(forKey: key) else { return nil }
      guard let url = URL(string: text), let scheme = url.scheme, schemes.contains(scheme),
        url.host?.isEmpty == false
      else {
        let kinds = schemes.sorted().joined(separator: " or ")
        throw ValidationError("The \(provider) URL must be a \(kinds) URL, got '\(text)'")
      }
      return text
    }
    let web: Set<String> = ["http", "https"]
    configuration.finnhubAPIKey = key("finnhub.apiKey")
    if let base = try url("finnhub.baseURL", "Finnhub base", schemes: web) {
      configuration.finnhubBaseURL = base
    }
    if let stream = try url("finnhub.streamURL", "Finnhub stream", schemes: ["ws", "wss"]) {
      configuration.finnhubStreamURL = stream
    }
    configuration.alpacaKeyID = key("alpaca.apiKeyID")
    configuration.alpacaSecretKey = key("alpaca.apiSecretKey")
    guard (configuration.alpacaKeyID == nil) == (configuration.alpacaSecretKey == nil) else {
      throw ValidationError("Set both ALPACA_API_KEY_ID and ALPACA_API_SECRET_KEY, or neither")
    }
    if let base = try url("alpaca.dataBaseURL", "Alpaca data", schemes: web) {
      configuration.alpacaDataBaseURL = base
    }
    func calls(_ key: ConfigKey, _ name: String) throws -> Int? {
      guard let text = config.string(forKey: key) else { return nil }
      guard let value = Int(text), (1...1_000_000).contains(value) else {
        throw ValidationError("\(name) must be a whole number of calls from 1, got '\(text)'")
      }
      return value
    }
    if let perMinute = try calls("finnhub.callsPerMinute", "FINNHUB_CALLS_PER_MINUTE") {
      configuration.finnhubBudget = .finnhub(callsPerMinute: perMinute)
    }
    if let perMinute = try calls("alpaca.callsPerMinute", "ALPACA_CALLS_PER_MINUTE") {
      configuration.alpacaBudget = .alpaca(callsPerMinute: perMinute)
    }
    if let perDay = try calls("alphavantage.callsPerDay", "ALPHAVANTAGE_CALLS_PER_DAY") {
      configuration.alphaVantageBudget = .alphaVantage(callsPerDay: perDay)
    }
    configuration.alphaVantageAPIKey = key("alphavantage.apiKey")
    if let base = try url("alphavantage.baseURL", "Alpha Vantage", schemes: web) {
      configuration.alphaVantageBaseURL = base
    }
  }
}
