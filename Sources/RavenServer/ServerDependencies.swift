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
  /// How long the gateway keeps each kind of answer.
  public var gatewayConfiguration: MarketGatewayConfiguration
  /// Long-running pieces the application must run alongside the server (a database
  /// connection pool, …).
  public var services: [any Service]

  public init(
    store: any Store, provider: any MarketDataProvider, clock: any WallClock,
    calendar: NYSECalendar, upstreamPolicy: UpstreamPolicy = Self.simulatedPolicy,
    gatewayConfiguration: MarketGatewayConfiguration = Self.simulatedGateway,
    services: [any Service] = []
  ) {
    self.store = store
    self.provider = provider
    self.clock = clock
    self.calendar = calendar
    self.upstreamPolicy = upstreamPolicy
    self.gatewayConfiguration = gatewayConfiguration
    self.services = services
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
  /// market, and the system clock (shifted to `--sim-start` when given).
  public static func live(_ configuration: ServerConfiguration, logger: Logger) throws -> Self {
    let calendar = NYSECalendar()
    let clock: any WallClock =
      configuration.simulationStart.map { ShiftedWallClock(start: $0) } ?? SystemWallClock()
    let market = SimulatedMarket(
      seed: configuration.simulationSeed, clock: clock, calendar: calendar)
    if let url = configuration.databaseURL {
      let store = try PostgresStore(url: url, logger: logger)
      return Self(
        store: store, provider: market, clock: clock, calendar: calendar, services: [store])
    }
    let store = try SQLiteStore(path: configuration.sqlitePath)
    return Self(store: store, provider: market, clock: clock, calendar: calendar)
  }
}
