import Foundation
import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenHTTP
import RavenLive
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStorePostgres
import RavenStoreSQLite
import ServiceLifecycle

/// The outside systems the server talks to. `live(_:logger:)` builds the real ones from
/// the configuration; tests hand in their own (a temp-file store, a fixed clock, a fake
/// provider). Either way they meet only in `buildApplication`.
public struct ServerDependencies: Sendable {
  public var store: any Store
  /// The market every kind of data falls back to: the simulated market (a fake in tests).
  public var provider: any MarketDataProvider
  /// Real time: sessions, tokens, login throttles, provider budgets, and the age of
  /// searches and peers (the same at every instant).
  public var clock: any WallClock
  /// The market's time: prices, the instant every market-data question is asked for,
  /// sessions of the exchange, orders and fills. The wall clock in tests; `--sim-start`
  /// and `--sim-speed` move it in `raven serve` on the simulated market, and with live
  /// data it is real time (live providers answer for no other instant).
  public var marketClock: any WallClock
  /// The market clock when it is the simulated market's, settled at start from what the
  /// database stores (`MarketClockSettlement`).
  public var simulationClock: SimulationClock?
  public var calendar: NYSECalendar
  /// The base market's rate budget and circuit breaker, as the gateway enforces them.
  public var upstreamPolicy: UpstreamPolicy
  /// Live providers in order of preference (`useLive(_:)`): each kind goes to the first
  /// that serves it and falls back to the next on failure. The base market serves only
  /// the kinds none of them serves, so made-up prices never stand in for real ones.
  public private(set) var liveSources: [MarketSource] = []
  /// Streamed trades that move cached quotes between REST calls (Finnhub's WebSocket).
  public var tradeFeed: (any TradeFeed)?
  /// Whether market data is live (some live provider is configured): the order engine then
  /// matches against live prices only.
  public var marketIsLive: Bool { !liveSources.isEmpty }
  /// Whether a live provider serves price history, so minute bars are the real market's.
  public var liveBars: Bool { liveSources.contains { $0.policy.capabilities.contains(.bars) } }
  /// How long the gateway keeps each kind of answer.
  public var gatewayConfiguration: MarketGatewayConfiguration
  /// Long-running pieces the application must run alongside the server (a database
  /// connection pool, …).
  public var services: [any Service]
  /// Where users who linked their own brokerage account trade (Alpaca's paper API).
  public var brokerage: any Brokerage
  /// The 32 bytes that seal those users' brokerage keys at rest (see `ServerSecret`).
  public var secretKey: Data
  /// The other servers sharing the database (PostgreSQL's `LISTEN`/`NOTIFY`); nil with
  /// one server (SQLite).
  public var notices: (any ServerNotices)?
  /// Whether this server runs the order engine's passes: one server at a time on a shared
  /// database (a PostgreSQL advisory lock); always alone on SQLite.
  public var engineLease: any EngineLease = SoleServerLease()
  /// Where the throttles on sign-ins, API keys and sign-ups count: this server's memory,
  /// or the shared database (PostgreSQL) so that many servers hold one server's limits.
  public var attempts: any AttemptLedger = LocalAttemptLedger()
  /// The live providers' rate budgets shared with the other servers on the database (so
  /// that N servers with one key make one server's calls); nil with one server.
  public var sharedBudget: (any SharedRateBudget)?

  public init(
    store: any Store, provider: any MarketDataProvider, clock: any WallClock,
    calendar: NYSECalendar, upstreamPolicy: UpstreamPolicy = Self.simulatedPolicy,
    gatewayConfiguration: MarketGatewayConfiguration = Self.simulatedGateway,
    services: [any Service] = [], brokerage: any Brokerage = UnconfiguredBrokerage(),
    secretKey: Data = ServerSecret.randomKey(), marketClock: (any WallClock)? = nil
  ) {
    self.store = store
    self.provider = provider
    self.clock = clock
    self.marketClock = marketClock ?? clock
    self.calendar = calendar
    self.upstreamPolicy = upstreamPolicy
    self.gatewayConfiguration = gatewayConfiguration
    self.services = services
    self.brokerage = brokerage
    self.secretKey = secretKey
  }

  /// Every source the gateway asks, in order: the live providers, then the base market
  /// for what they leave. With live data, the simulated market's splits and dividends are
  /// never booked on real prices: a live source lists them, or none are.
  public var sources: [MarketSource] {
    var base = upstreamPolicy
    for live in liveSources { base.capabilities.subtract(live.policy.capabilities) }
    if marketIsLive { base.capabilities.remove(.corporateActions) }
    let baseSource = MarketSource(provider: provider, policy: base)
    return liveSources + (base.capabilities.isEmpty ? [] : [baseSource])
  }

  /// Adds a live provider after those already added. A live provider's answers are kept
  /// for the gateway's default lifetimes. It answers only for the present, so the market
  /// clock must keep real time (`live(_:logger:)` sees to it).
  public mutating func useLive(_ source: MarketSource) {
    liveSources.append(source)
    gatewayConfiguration = MarketGatewayConfiguration()
  }

  /// What the market clock is settled with at start: `--sim-start`, `--sim-speed` and
  /// `--sim-reset` on the simulated market; with live data, real time from `wallNow` (the
  /// stored clock is replaced, and data with fills after now is refused as running the
  /// market's time backwards unless `--sim-reset` is given).
  public func marketClockRequest(_ configuration: ServerConfiguration, wallNow: Date)
    -> MarketClockRequest
  {
    guard marketIsLive else { return configuration.marketClockRequest }
    return MarketClockRequest(start: wallNow, speed: 1, reset: configuration.simulationReset)
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
  /// market with the live providers whose keys are configured in front of it, and the
  /// system clock, with the market on its own clock, settled against the database's
  /// stored market time before the first request: `--sim-start` and `--sim-speed` on the
  /// simulated market, real time with live data (`marketClockRequest(_:wallNow:)`).
  public static func live(_ configuration: ServerConfiguration, logger: Logger) throws -> Self {
    let calendar = NYSECalendar()
    let clock = SystemWallClock()
    let marketClock = SimulationClock(
      setting: try MarketClockPlan.resolve(
        stored: nil, request: configuration.marketClockRequest, latestFill: nil,
        wallNow: clock.now
      ).setting, base: clock)
    let market = SimulatedMarket(seed: configuration.simulationSeed, calendar: calendar)
    var dependencies: Self
    if let url = configuration.databaseURL {
      let store = try PostgresStore(url: url, logger: logger)
      dependencies = Self(
        store: store, provider: market, clock: clock, calendar: calendar, services: [store],
        marketClock: marketClock)
    } else {
      let store = try SQLiteStore(path: configuration.sqlitePath)
      dependencies = Self(
        store: store, provider: market, clock: clock, calendar: calendar,
        marketClock: marketClock)
    }
    try dependencies.useAlpacaBrokerage(configuration, logger: logger)
    dependencies.addLiveProviders(configuration, logger: logger)
    if dependencies.marketIsLive {
      // Live data is the market as it is now, and live providers answer for no other
      // instant: the market keeps real time (`marketClockRequest(_:wallNow:)` at start).
      if configuration.simulationStart != nil || configuration.simulationSpeed != nil {
        logger.warning(
          "--sim-start and --sim-speed move the simulated market only; live market data runs in real time"
        )
      }
      let realTime = SimulationClock(setting: nil, base: clock)
      dependencies.marketClock = realTime
      dependencies.simulationClock = realTime
    } else {
      dependencies.simulationClock = marketClock
    }
    if let store = dependencies.store as? PostgresStore {
      // Gaps in listening are dated on the market's clock, as orders are.
      dependencies.notices = PostgresNotices(
        store: store, clock: dependencies.marketClock, logger: logger)
      dependencies.engineLease = PostgresEngineLease(store: store, logger: logger)
      dependencies.attempts = PostgresAttemptLedger(store: store)
      dependencies.sharedBudget = DatabaseRateBudget(store: store)
    }
    return dependencies
  }

  /// Finnhub, then Alpaca, then Alpha Vantage, each when its key is configured, sharing
  /// one HTTP client. Each kind goes to the first that serves it (quotes, profiles, news
  /// and insights from Finnhub; price history from Alpaca) and falls back down the list.
  mutating func addLiveProviders(_ configuration: ServerConfiguration, logger: Logger) {
    let finnhubKey = configuration.finnhubAPIKey
    let alpacaKeys = configuration.alpacaKeyID.flatMap { id in
      configuration.alpacaSecretKey.map { (id: id, secret: $0) }
    }
    let alphaVantageKey = configuration.alphaVantageAPIKey
    guard finnhubKey != nil || alpacaKeys != nil || alphaVantageKey != nil else { return }
    // Every request a provider sends during a gateway call is paid from that call's budget.
    let transport = MeteredTransport(AsyncHTTPTransport())
    if let finnhubKey {
      useFinnhub(
        FinnhubConfiguration(apiKey: finnhubKey, baseURL: configuration.finnhubBaseURL),
        budget: configuration.finnhubBudget, transport: transport)
      tradeFeed = FinnhubTradeFeed(apiKey: finnhubKey, url: configuration.finnhubStreamURL)
    }
    if let alpacaKeys {
      useLive(
        MarketSource(
          provider: AlpacaMarketData(
            configuration: AlpacaDataConfiguration(
              keyID: alpacaKeys.id, secretKey: alpacaKeys.secret,
              baseURL: configuration.alpacaDataBaseURL),
            transport: transport, calendar: calendar, clock: clock),
          policy: .alpaca(
            budget: configuration.alpacaBudget, capabilities: AlpacaMarketData.freeCapabilities)))
    }
    if let alphaVantageKey {
      useLive(
        MarketSource(
          provider: AlphaVantageProvider(
            configuration: AlphaVantageConfiguration(
              apiKey: alphaVantageKey, baseURL: configuration.alphaVantageBaseURL),
            transport: transport, calendar: calendar, clock: clock),
          policy: .alphaVantage(
            budget: configuration.alphaVantageBudget,
            capabilities: AlphaVantageProvider.freeCapabilities)))
    }
    for source in sources {
      logger.info(
        "Market data source",
        metadata: [
          "provider": "\(source.policy.id)",
          "serves": "\(source.policy.capabilities.map(\.rawValue).sorted().joined(separator: ","))",
        ])
    }
  }

  /// Adds Finnhub: quotes, search, profiles, news, peers, recommendations, earnings and
  /// sentiment within `budget`. Price history (`/stock/candle` refuses free keys) and
  /// the market status (the NYSE calendar knows it without a call) come from elsewhere.
  public mutating func useFinnhub(
    _ finnhub: FinnhubConfiguration, budget: RateBudget = .finnhubFree,
    transport: any HTTPTransport
  ) {
    useLive(
      MarketSource(
        provider: FinnhubProvider(
          configuration: finnhub, transport: transport, calendar: calendar, clock: clock),
        policy: .finnhub(budget: budget, capabilities: FinnhubProvider.capabilities)))
  }
}
