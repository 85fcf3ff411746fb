import AsyncHTTPClient
import Foundation
import Logging
import RavenCore
import RavenMarket
import RavenStore
import ServiceLifecycle

/// The outside systems the server talks to. `live(_:logger:)` builds the real ones from
/// the configuration; tests hand in their own (a temp-file store, a fixed clock, a fake
/// provider). Either way they meet only in `buildApplication`.
public struct ServerDependencies: Sendable {
  public var store: any Store
  /// The upstream market data (the gateway wraps it).
  public var provider: any MarketDataProvider
  public var clock: any WallClock
  public var calendar: NYSECalendar
  /// The provider's rate budget and circuit breaker, as the gateway enforces them.
  public var upstreamPolicy: UpstreamPolicy
  /// Further providers, in order of preference, for the kinds `upstreamPolicy` does not
  /// list (e.g. the simulated market's price history behind a free Finnhub key).
  public var fallbackSources: [MarketSource]
  /// How long the gateway keeps each kind of answer.
  public var gatewayConfiguration: MarketGatewayConfiguration
  /// Long-running pieces the application must run alongside the server (a database
  /// connection pool, …).
  public var services: [any Service]
  /// Where users who linked their own brokerage account trade (Alpaca's paper API).
  public var brokerage: any Brokerage
  /// The 32 bytes that seal those users' brokerage keys at rest (see `ServerSecret`).
  public var secretKey: Data

  public init(
    store: any Store, provider: any MarketDataProvider, clock: any WallClock,
    calendar: NYSECalendar, upstreamPolicy: UpstreamPolicy = Self.simulatedPolicy,
    gatewayConfiguration: MarketGatewayConfiguration = Self.simulatedGateway,
    services: [any Service] = [], fallbackSources: [MarketSource] = [],
    brokerage: any Brokerage = UnconfiguredBrokerage(),
    secretKey: Data = ServerSecret.randomKey()
  ) {
    self.store = store
    self.provider = provider
    self.clock = clock
    self.calendar = calendar
    self.upstreamPolicy = upstreamPolicy
    self.gatewayConfiguration = gatewayConfiguration
    self.services = services
    self.fallbackSources = fallbackSources
    self.brokerage = brokerage
    self.secretKey = secretKey
  }

  /// Every source the gateway asks, the main provider first.
  public var sources: [MarketSource] {
    [MarketSource(provider: provider, policy: upstreamPolicy)] + fallbackSources
  }

  /// The simulated market costs nothing to ask: no budget.
  public static let simulatedPolicy = UpstreamPolicy(id: "simulated")

  /// Short lifetimes for live-moving answers (the simulated market is cheap, and the
  /// stream ticks every second), the defaults for the rest.
  public static var simulatedGateway: MarketGatewayConfiguration {
    var configuration = MarketGatewayConfiguration()
    configuration.lifetimes.quote = 1
    configuration.lifetimes.intradayBars = 5
    return configuration
  }

  /// SQLite in the data directory (or PostgreSQL with a database URL), the simulated
  /// market (or Finnhub in front of it with a Finnhub key), and the system clock
  /// (shifted to `--sim-start` when given).
  public static func live(_ configuration: ServerConfiguration, logger: Logger) throws -> Self {
    let calendar = NYSECalendar()
    let clock: any WallClock =
      configuration.simulationStart.map { ShiftedWallClock(start: $0) } ?? SystemWallClock()
    let market = SimulatedMarket(
      seed: configuration.simulationSeed, clock: clock, calendar: calendar)
    var dependencies: Self
    if let url = configuration.databaseURL {
      let store = try PostgresStore(url: url, logger: logger)
      dependencies = Self(
        store: store, provider: market, clock: clock, calendar: calendar, services: [store])
    } else {
      let store = try SQLiteStore(path: configuration.sqlitePath)
      dependencies = Self(store: store, provider: market, clock: clock, calendar: calendar)
    }
    try dependencies.useAlpacaBrokerage(configuration, logger: logger)
    if let key = configuration.finnhubAPIKey, !key.isEmpty {
      let client = HTTPClient(eventLoopGroupProvider: .singleton)
      dependencies.services.append(HTTPClientService(client: client))
      dependencies.useFinnhub(
        FinnhubConfiguration(apiKey: key, baseURL: configuration.finnhubBaseURL),
        budget: configuration.finnhubBudget, transport: AsyncHTTPTransport(client: client))
      logger.info(
        "Market data from Finnhub; price history from the simulated market",
        metadata: ["finnhubBaseURL": "\(configuration.finnhubBaseURL)"])
    }
    return dependencies
  }

  /// Puts Finnhub in front of the current provider: Finnhub serves what a free key can
  /// (quotes, search, profiles, news, peers, recommendations, earnings, sentiment) within
  /// `budget`, and the current provider (the simulated market) serves the rest: price
  /// history, which `/stock/candle` refuses on a free key, and the market status, which
  /// the NYSE calendar knows without spending a call.
  public mutating func useFinnhub(
    _ finnhub: FinnhubConfiguration, budget: RateBudget = .finnhubFree,
    transport: any HTTPTransport
  ) {
    fallbackSources.insert(MarketSource(provider: provider, policy: upstreamPolicy), at: 0)
    provider = FinnhubProvider(configuration: finnhub, transport: transport, calendar: calendar)
    upstreamPolicy = FinnhubProvider.policy(budget: budget)
    // A live provider's answers are kept for the gateway's default lifetimes.
    gatewayConfiguration = MarketGatewayConfiguration()
  }
}

/// Shuts the HTTP client the live providers share down when the server stops.
struct HTTPClientService: Service {
  let client: HTTPClient

  func run() async throws {
    try? await gracefulShutdown()
    try await client.shutdown()
  }
}
