import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdWebSocket
import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenStore
import ServiceLifecycle

/// Builds the whole server: the one place where the store, the market, the clock and
/// the controllers are wired together. `raven serve` and the tests both call it.
public func buildApplication(
  _ configuration: ServerConfiguration, dependencies: ServerDependencies? = nil,
  logger: Logger = Logger(label: "raven")
) async throws -> some ApplicationProtocol {
  let dependencies = try dependencies ?? .live(configuration, logger: logger)
  let metrics = AppMetrics()
  // Every answer to a client goes through the gateway: cached, merged, within budget.
  let market = MarketGateway(
    sources: dependencies.sources, configuration: dependencies.gatewayConfiguration,
    clock: dependencies.clock,
    logger: logger, metricsFactory: metrics.factory, sharedBudget: dependencies.sharedBudget)
  // With live data, orders match the prices seen live (the trade stream's prints, then
  // quotes) wherever the provider has no minute bar, and each minute a moment after it
  // ends, once its bar is published.
  let tape = dependencies.marketIsLive ? MinuteTape(clock: dependencies.marketClock) : nil
  // Splits and dividends are booked and shown where a source lists them (the simulated
  // market, or Alpaca with live data), through the gateway's cache and budget; with no
  // such source, none are, rather than guessed.
  let corporateActions: (any CorporateActionSource)? =
    market.source(for: .corporateActions) != nil ? market : nil
  let engine = OrderEngine(
    store: dependencies.store, market: market, calendar: dependencies.calendar,
    clock: dependencies.marketClock,
    matcher: MinuteMatcher(participation: configuration.maxParticipation), tape: tape,
    marketBarsAreLive: !dependencies.marketIsLive || dependencies.liveBars,
    barDelay: dependencies.marketIsLive ? OrderEngine.liveBarDelay : 0,
    decided: dependencies.marketIsLive ? nil : dependencies.provider as? any DecidedMarket,
    securities: AlpacaTradingController.universe,
    corporateActions: corporateActions,
    logger: logger)
  let hub = QuoteStreamHub(
    market: market, marketClock: dependencies.marketClock, interval: configuration.streamInterval,
    metrics: metrics, logger: logger)
  let signIn = SignIn(
    identities: Identities(
      store: dependencies.store, revocations: CredentialRevocations(notices: dependencies.notices),
      clock: dependencies.clock),
    passwords: PasswordHasher(cost: configuration.passwordHashCost, threadPool: .singleton),
    throttle: LoginThrottle(clock: dependencies.clock, ledger: dependencies.attempts))
  let changes = AccountChanges(
    hub: hub, reads: AccountReads(clock: dependencies.clock), notices: dependencies.notices)
  let accounts = AccountDirectory(
    store: dependencies.store, market: market, calendar: dependencies.calendar,
    marketClock: dependencies.marketClock, engine: engine, brokerage: dependencies.brokerage,
    sealer: CredentialSealer(key: dependencies.secretKey), changes: changes,
    securities: AlpacaTradingController.universe, logger: logger,
    pastMarket: dependencies.marketIsLive
      ? SessionCloseKeeper(
        base: market, store: dependencies.store, calendar: dependencies.calendar, logger: logger)
      : nil)

  let tradeFeed = dependencies.tradeFeed.map { feed in
    TradeFeedService(
      feed: feed, gateway: market, hub: hub, engine: engine, tape: tape,
      marketClock: dependencies.marketClock, logger: logger)
  }

  let migrated = StartupGate()
  let router = buildRouter(
    configuration, signIn: signIn, accounts: accounts,
    market: MarketDesk(
      gateway: market, charts: ChartBuilder(provider: market, calendar: dependencies.calendar),
      calendar: dependencies.calendar, marketClock: dependencies.marketClock,
      corporateActions: corporateActions),
    records: dependencies.store, metrics: metrics, logger: logger)
  let webSocketRouter = Router(context: StreamRequestContext.self)
  let origin = ClientOrigin(trustedProxies: configuration.trustedProxies)
  let alpacaSignIn = AlpacaStreamSignIn(
    store: dependencies.store, throttle: signIn.throttle, revocations: signIn.revocations)
  StreamController(
    hub: hub,
    auth: AuthMiddleware(identities: signIn.identities),
    revocations: signIn.revocations
  ).addRoutes(to: webSocketRouter)
  AlpacaTradingStream(
    hub: hub, signIn: alpacaSignIn, origin: origin, marketClock: dependencies.marketClock
  ).addRoutes(to: webSocketRouter)
  AlpacaDataStream(
    signIn: alpacaSignIn, origin: origin, market: market, calendar: dependencies.calendar,
    marketClock: dependencies.marketClock, interval: configuration.streamInterval
  ).addRoutes(to: webSocketRouter)
  AlpacaUnservedStreams(signIn: alpacaSignIn, origin: origin).addRoutes(to: webSocketRouter)

  var app = Application(
    router: router,
    // Frames as large as the largest message a stream declares (`/v2/iex`'s 64 KiB), so
    // that no message within its stream's limit is cut for being sent in one frame.
    server: .guardedHTTP1WebSocketUpgrade(
      webSocketRouter: webSocketRouter, idleTimeout: .init(configuration.idleTimeout),
      maxFrameSize: AlpacaDataStream.maximumMessageSize),
    configuration: .init(
      address: .hostname(configuration.host, port: configuration.port), serverName: "Raven"),
    // A service group stops its services in the reverse of this order: the database's
    // pool (in `dependencies.services`) goes last, once nothing is left to use it (the
    // engine's lease lets go of its lock on one of its connections).
    services: dependencies.services + [
      hub,
      OrderEngineService(
        engine: engine, lease: dependencies.engineLease,
        interval: configuration.orderMatchInterval, migrated: migrated, changes: changes,
        logger: logger),
      EngineLeaseService(lease: dependencies.engineLease),
    ] + (tradeFeed.map { [$0] } ?? [])
      + (dependencies.notices.map { notices -> [any Service] in
        [
          ServerNoticeService(
            notices: notices, changes: changes, identities: signIn.identities,
            store: dependencies.store, logger: logger)
        ]
      } ?? [])
      + metricsListener(configuration, metrics: metrics, logger: logger),
    onServerRunning: { channel in
      logger.info(
        "Raven is running",
        metadata: [
          "url": "http://\(configuration.host):\(channel.localAddress?.port ?? configuration.port)"
        ])
    },
    logger: logger)
  // Migrations run once the services (a PostgreSQL pool) are up, before the first request.
  app.beforeServerStarts {
    try await migrate(dependencies, logger: logger)
    if let clock = dependencies.simulationClock {
      try await MarketClockSettlement(store: dependencies.store, logger: logger)
        .settle(
          clock, request: dependencies.marketClockRequest(configuration, wallNow: clock.wallNow))
    }
    migrated.open()
  }
  return app
}

/// The HTTP routes and middleware, outermost first: the client's address and scheme
/// (behind a trusted proxy), security headers and the body limit,
/// request metrics, errors to JSON, who is calling, CSRF, then the controllers. Each
/// controller is handed only what it uses.
func buildRouter(
  _ configuration: ServerConfiguration, signIn: SignIn, accounts: AccountDirectory,
  market: MarketDesk, records: any GoalStore & WatchlistStore, metrics: AppMetrics,
  logger: Logger
) -> Router<RavenRequestContext> {
  let router = Router(context: RavenRequestContext.self)
  let clock = signIn.clock
  router.middlewares.add(
    ClientOriginMiddleware(
      origin: ClientOrigin(trustedProxies: configuration.trustedProxies),
      alwaysSecure: configuration.secureCookies))
  router.middlewares.add(
    SecurityHeadersMiddleware(maximumBodySize: RavenRequestContext.maximumBodySize))
  router.middlewares.add(RequestMetricsMiddleware(metrics: metrics))
  router.middlewares.add(ErrorMiddleware())
  router.middlewares.add(
    AuthMiddleware(identities: signIn.identities))
  router.middlewares.add(CSRFMiddleware())

  SystemController(
    clock: clock, openAPIDocument: OpenAPIDocument.text,
    alpacaOpenAPIDocument: OpenAPIDocument.alpaca
  )
  .addRoutes(to: router)
  let api = router.group("/api/v1").add(middleware: JSONContentTypeMiddleware())
  let signedIn = api.group().add(middleware: IsAuthenticatedMiddleware())
  let names = CompanyNames(gateway: market.gateway, clock: clock)
  MarketController(
    market: market.gateway, charts: market.charts, calendar: market.calendar,
    marketClock: market.marketClock, configuration: configuration,
    corporateActions: market.corporateActions
  ).addRoutes(to: api)
  AuthController(
    identities: signIn.identities, passwords: signIn.passwords, throttle: signIn.throttle,
    clock: clock, configuration: configuration
  ).addRoutes(public: api, user: signedIn)
  PortfolioController(
    accounts: accounts, encodedPortfolios: EncodedPortfolios(clock: clock), names: names,
    marketClock: market.marketClock
  ).addRoutes(to: signedIn)
  TradesController(accounts: accounts, metrics: metrics).addRoutes(to: signedIn)
  TransfersController(accounts: accounts).addRoutes(to: signedIn)
  OrdersController(accounts: accounts).addRoutes(to: signedIn)
  WatchlistController(
    watchlists: records, market: market.gateway, names: names, clock: clock,
    marketClock: market.marketClock
  ).addRoutes(to: signedIn)
  GoalsController(accounts: accounts, goals: records, clock: clock).addRoutes(to: signedIn)
  BrokerageController(accounts: accounts, clock: clock, logger: logger).addRoutes(to: signedIn)
  APIKeysController(identities: signIn.identities, accounts: accounts, clock: clock)
    .addRoutes(to: signedIn)
  AccountsController(
    accounts: accounts, identities: signIn.identities,
    startingCash: configuration.startingCash, clock: clock
  ).addRoutes(to: signedIn)
  // Alpaca's API at the server's root, so one `url_override` serves an Alpaca SDK's
  // trading and data clients; signed in by API key only, errors in Alpaca's shape.
  let alpaca = router.group("/v2")
    .add(middleware: AlpacaErrorMiddleware())
    .add(middleware: JSONContentTypeMiddleware())
    .add(middleware: APIKeyMiddleware(store: signIn.identities, throttle: signIn.throttle))
  AlpacaTradingController(
    accounts: accounts, calendar: market.calendar, marketClock: market.marketClock
  ).addRoutes(to: alpaca)
  AlpacaOrdersController(accounts: accounts).addRoutes(to: alpaca)
  AlpacaConfigurationsController(accounts: accounts).addRoutes(to: alpaca)
  AlpacaPositionsController(accounts: accounts).addRoutes(to: alpaca)
  AlpacaAssetsController(calendar: market.calendar).addRoutes(to: alpaca)
  AlpacaMarketDataController(
    market: market.gateway, calendar: market.calendar, marketClock: market.marketClock
  ).addRoutes(to: alpaca)
  AlpacaWatchlistsController(watchlists: records, accounts: accounts, clock: clock).addRoutes(
    to: alpaca)
  let alpacaNews = router.group("/v1beta1")
    .add(middleware: AlpacaErrorMiddleware())
    .add(middleware: JSONContentTypeMiddleware())
    .add(middleware: APIKeyMiddleware(store: signIn.identities, throttle: signIn.throttle))
  AlpacaHistoryController(
    accounts: accounts, market: market.gateway, marketClock: market.marketClock,
    configuration: configuration
  ).addRoutes(trading: alpaca, news: alpacaNews)
  // Alpaca's market data API at /v1 (corporate actions); Raven's own is under /api/v1.
  let alpacaData = router.group("/v1")
    .add(middleware: AlpacaErrorMiddleware())
    .add(middleware: JSONContentTypeMiddleware())
    .add(middleware: APIKeyMiddleware(store: signIn.identities, throttle: signIn.throttle))
  AlpacaCorporateActionsController(
    source: market.corporateActions, calendar: market.calendar, marketClock: market.marketClock
  ).addRoutes(trading: alpaca, data: alpacaData)
  AlpacaActivitiesController(accounts: accounts, source: market.corporateActions).addRoutes(
    to: alpaca)
  // Any other path under them answers in Alpaca's shape too (an SDK reads its `code`).
  for group in [alpaca, alpacaNews, alpacaData] {
    for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
      group.on("**", method: method) { _, _ -> HTTPResponse.Status in
        throw AlpacaError(.notFound, "endpoint not found")
      }
    }
  }
  // Raven's own pages that answers link to (a simulated story, the simulated market).
  NewsPageController(
    market: market.gateway, calendar: market.calendar, marketClock: market.marketClock,
    configuration: configuration
  ).addRoutes(to: router)
  SimulatedMarketPage(market: market.gateway, configuration: configuration).addRoutes(to: router)
  // The web app's files; `Router.routes` lists them beside the API's operations.
  WebAppController.forConfiguration(configuration).addRoutes(to: router)
  return router
}

/// The metrics listener, when `--metrics-port` asks for one.
private func metricsListener(
  _ configuration: ServerConfiguration, metrics: AppMetrics, logger: Logger
) -> [any Service] {
  guard let port = configuration.metricsPort else { return [] }
  return [
    MetricsListener.application(
      metrics: metrics, host: configuration.metricsHost, port: port, logger: logger)
  ]
}

private func migrate(_ dependencies: ServerDependencies, logger: Logger) async throws {
  do {
    try await dependencies.store.migrate()
  } catch {
    logger.critical("Could not prepare the database", metadata: ["error": "\(error)"])
    throw error
  }
}

/// The API description shipped with the server.
enum OpenAPIDocument {
  /// Raven's own API (`/api/v1`).
  static let text = resource("openapi")
  /// The Alpaca-compatible API (`/v2`, `/v1beta1`).
  static let alpaca = resource("alpaca-openapi")

  private static func resource(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: "yaml"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return "openapi: 3.1.0\n" }
    return text
  }
}
