import Foundation
import Logging
import Metrics
import RavenCore
import RavenMarketData

/// The only door to market data for the server: a `MarketDataProvider` in front of an
/// upstream provider that
///
/// - caches each kind of answer for a lifetime that fits it (`CacheLifetimes`), in
///   bounded least-recently-used caches (`CacheCapacities`);
/// - merges identical requests in flight into one upstream call, and fetches the
///   symbols of a batch that are not fresh in one `quotes(for:at:)` call;
/// - keeps the provider under its rate budget (`RateBudget`), whatever the number of
///   callers: without a token it serves the cached value even if expired, else waits
///   briefly for the next token (`maxTokenWait`), else refuses with `rateLimited`;
/// - answers with the last good value, marked stale with its age, when the provider
///   fails or refuses, and stops calling a provider that keeps failing for a cool-down
///   (`CircuitBreakerPolicy`);
/// - counts upstream calls and cache results with swift-metrics.
///
/// Every answer that depends on time is cached with the instant it is for (see
/// `CacheLane`), so callers on different clocks (the market's, a backtest's) share it
/// only where that is exact. The `MarketDataProvider` methods return values only;
/// `fetch(_:)` and `fetchQuotes(for:at:)` also say how old each value is and whether it
/// is stale.
public final class MarketGateway: Sendable {
  public let configuration: MarketGatewayConfiguration
  /// Every source, in order of preference.
  let upstreams: [Upstream]
  /// The sources whose policy lists each kind, in order of preference: the first that
  /// can answer does; kinds no source lists are missing.
  let routes: [MarketDataKind: [Upstream]]
  let clock: any WallClock
  let quotes: CacheLane<Symbol, Quote>
  let searches: CacheLane<SearchKey, [SearchResult]>
  let profiles: CacheLane<Symbol, CompanyProfile>
  let barHistories: CacheLane<BarsKey, [Bar]>
  let stories: CacheLane<NewsKey, [NewsArticle]>
  let peerLists: CacheLane<Symbol, [Symbol]>
  let recommendations: CacheLane<Symbol, [RecommendationTrend]>
  let earningsReports: CacheLane<Symbol, [EarningsSurprise]>
  let sentiments: CacheLane<SentimentKey, SocialSentiment>
  let statuses: CacheLane<MarketStatusKey, MarketStatus>
  let actionLists: CacheLane<Symbol, [CorporateAction]>

  /// A gateway in front of one provider.
  ///
  /// - Parameters:
  ///   - provider: where the data comes from.
  ///   - policy: the provider's id for metrics, its rate budget and circuit breaker.
  ///   - clock: refills the budget and ages the answers that are the same at every
  ///     instant (searches, peers); every other answer is aged by the instant it is
  ///     asked for.
  ///   - sleeper: waits for the next token of the budget.
  ///   - metricsFactory: where metrics go; the bootstrapped system by default.
  ///   - sharedBudget: the budget other servers calling the provider pay from too.
  public convenience init(
    upstream provider: any MarketDataProvider, policy: UpstreamPolicy,
    configuration: MarketGatewayConfiguration = MarketGatewayConfiguration(),
    clock: any WallClock, sleeper: any GatewaySleeper = TaskSleeper(),
    logger: Logger = Logger(label: "raven.market.gateway"),
    metricsFactory: any MetricsFactory = MetricsSystem.factory,
    sharedBudget: (any SharedRateBudget)? = nil
  ) {
    self.init(
      sources: [MarketSource(provider: provider, policy: policy)], configuration: configuration,
      clock: clock, sleeper: sleeper, logger: logger, metricsFactory: metricsFactory,
      sharedBudget: sharedBudget)
  }

  /// A gateway in front of several providers, in order of preference: each kind of data
  /// goes to the first source whose policy lists it (e.g. Finnhub for quotes, profiles,
  /// news and insights, Alpaca or the simulated market for the bars a free Finnhub key
  /// cannot serve), and to the next one that lists it when that source is failing, its
  /// budget is spent with nothing cached, or it answers that it cannot serve the kind.
  /// Each source keeps its own rate budget and circuit breaker. The first source names
  /// the data (`attribution`); each answer names its own (`MarketAnswer.source`).
  ///
  /// - Precondition: `sources` is not empty.
  public init(
    sources: [MarketSource],
    configuration: MarketGatewayConfiguration = MarketGatewayConfiguration(),
    clock: any WallClock, sleeper: any GatewaySleeper = TaskSleeper(),
    logger: Logger = Logger(label: "raven.market.gateway"),
    metricsFactory: any MetricsFactory = MetricsSystem.factory,
    sharedBudget: (any SharedRateBudget)? = nil
  ) {
    precondition(!sources.isEmpty, "A market gateway needs at least one source")
    self.configuration = configuration
    self.clock = clock
    let upstreams = sources.map { source in
      Upstream(
        provider: source.provider, policy: source.policy, clock: clock, sleeper: sleeper,
        maxTokenWait: configuration.maxTokenWait,
        metrics: GatewayMetrics(provider: source.policy.id, factory: metricsFactory),
        logger: logger, sharedBudget: sharedBudget)
    }
    self.upstreams = upstreams
    let routes = Self.routes(upstreams)
    self.routes = routes
    func context(_ kind: MarketDataKind) -> LaneContext {
      let chain = routes[kind] ?? []
      return LaneContext(
        upstreams: chain, clock: clock, metrics: (chain.first ?? upstreams[0]).metrics,
        negativeLifetime: configuration.negativeLifetime)
    }
    let lifetimes = configuration.lifetimes
    let capacities = configuration.capacities
    // Per-symbol pricing anywhere in the chain: a batch is then asked for what the
    // budget covers rather than all at once.
    let quotesCostPerKey = (routes[.quote] ?? []).contains {
      $0.policy.batchQuoteCost == .perSymbol
    }

    quotes = CacheLane(
      kind: .quote, context: context(.quote), maxCost: capacities.quotes,
      lifetime: { _ in lifetimes.quote },
      fetchOne: { provider, symbol, instant throws(MarketDataError) in
        try await provider.quote(for: symbol, at: instant)
      },
      fetchMany: { provider, symbols, instant throws(MarketDataError) in
        try await provider.quotes(for: symbols, at: instant)
      },
      absent: { .unknownSymbol($0) }, costPerKey: quotesCostPerKey)
    searches = CacheLane(
      kind: .search, context: context(.search), maxCost: capacities.searches,
      lifetime: lifetimes.search
    ) { provider, key, _ throws(MarketDataError) in
      try await provider.search(key.query, limit: key.limit)
    }
    profiles = CacheLane(
      kind: .profile, context: context(.profile), maxCost: capacities.profiles,
      lifetime: lifetimes.profile
    ) { provider, symbol, instant throws(MarketDataError) in
      try await provider.profile(for: symbol, at: instant)
    }
    barHistories = CacheLane(
      kind: .bars, context: context(.bars), maxCost: capacities.bars,
      lifetime: { lifetimes.bars($0.resolution) },
      cost: { $0.count + 1 },
      fetchOne: { provider, key, instant throws(MarketDataError) in
        try await provider.bars(
          for: key.symbol, resolution: key.resolution, from: key.from, to: key.to, asOf: instant,
          adjustment: key.adjustment)
      },
      family: {
        BarsKey(
          symbol: $0.symbol, resolution: $0.resolution, adjustment: $0.adjustment,
          from: .distantPast, to: .distantPast)
      })
    stories = CacheLane(
      kind: .news, context: context(.news), maxCost: capacities.newsArticles,
      lifetime: lifetimes.news,
      cost: { $0.count + 1 },
      family: { NewsKey(symbol: $0.symbol, from: .distantPast, to: .distantPast) },
      fetchOne: { provider, key, instant throws(MarketDataError) in
        try await provider.news(for: key.symbol, from: key.from, to: key.to, asOf: instant)
      })
    peerLists = CacheLane(
      kind: .peers, context: context(.peers), maxCost: capacities.peers, lifetime: lifetimes.peers
    ) { provider, symbol, _ throws(MarketDataError) in
      try await provider.peers(for: symbol)
    }
    recommendations = CacheLane(
      kind: .recommendationTrends, context: context(.recommendationTrends),
      maxCost: capacities.recommendationTrends,
      lifetime: lifetimes.recommendationTrends
    ) { provider, symbol, instant throws(MarketDataError) in
      try await provider.recommendationTrends(for: symbol, asOf: instant)
    }
    earningsReports = CacheLane(
      kind: .earnings, context: context(.earnings), maxCost: capacities.earnings,
      lifetime: lifetimes.earnings
    ) { provider, symbol, instant throws(MarketDataError) in
      try await provider.earnings(for: symbol, asOf: instant)
    }
    sentiments = CacheLane(
      kind: .socialSentiment, context: context(.socialSentiment),
      maxCost: capacities.socialSentiment,
      lifetime: lifetimes.socialSentiment
    ) { provider, key, instant throws(MarketDataError) in
      try await provider.socialSentiment(
        for: key.symbol, from: key.from, to: key.to, asOf: instant)
    }
    statuses = CacheLane(
      kind: .marketStatus, context: context(.marketStatus), maxCost: 1,
      lifetime: { _ in lifetimes.marketStatus },
      expiry: { _, status, asOf in
        // Never past the next open or close: the phase changes then.
        let latest = asOf.addingTimeInterval(lifetimes.marketStatus)
        return [status.nextOpen, status.nextClose].compactMap { $0 }
          .filter { $0 > asOf && $0 < latest }.min() ?? latest
      },
      fetchOne: { provider, _, instant throws(MarketDataError) in
        try await provider.marketStatus(at: instant)
      })
    actionLists = CacheLane(
      kind: .corporateActions, context: context(.corporateActions),
      maxCost: capacities.corporateActions, lifetime: lifetimes.corporateActions
    ) { provider, symbol, _ throws(MarketDataError) in
      // A provider that lists corporate actions says so by being a source of them.
      guard let source = provider as? any CorporateActionSource else {
        throw .unsupported(MarketDataKind.corporateActions.description)
      }
      return try await source.corporateActions(of: symbol)
    }
  }

  /// The answer to `request` with its age: fresh, or stale when the provider could not
  /// be asked or failed. Throws the provider's definitive answers ("unknown symbol",
  /// "no data"), `unsupported` for kinds the provider does not serve, and `unavailable`
  /// or `rateLimited` only when there was never a good value to fall back on.
  public func fetch<Value>(_ request: MarketRequest<Value>) async throws(MarketDataError)
    -> MarketAnswer<Value>
  {
    guard serves(request.kind) else { throw .unsupported(request.kind.description) }
    return try await request.perform(self)
  }

  /// Quotes for `symbols` at `instant`, each with its age; those the provider does not
  /// list, or that could not be had and were never fetched, are in `failures`. Symbols
  /// not fresh in the cache are fetched in one upstream call (joining calls already in
  /// flight).
  public func fetchQuotes(for symbols: [Symbol], at instant: Date) async -> QuotesAnswer {
    guard serves(.quote) else {
      return QuotesAnswer(
        quotes: [:],
        failures: Dictionary(
          symbols.map { ($0, .unsupported(MarketDataKind.quote.description)) },
          uniquingKeysWith: { first, _ in first }))
    }
    var answer = QuotesAnswer(quotes: [:], failures: [:])
    for (symbol, outcome) in await quotes.answers(symbols, at: instant) {
      switch outcome {
      case .success(let quote): answer.quotes[symbol] = quote
      case .failure(let error): answer.failures[symbol] = error
      }
    }
    return answer
  }

  /// The profiles of `symbols` at `instant` in one pass over the cache (those not fresh
  /// are fetched as `profile(for:at:)` fetches them); symbols without a profile are left out.
  public func companyProfiles(for symbols: [Symbol], at instant: Date) async
    -> [Symbol: CompanyProfile]
  {
    guard serves(.profile) else { return [:] }
    var found: [Symbol: CompanyProfile] = [:]
    for (symbol, outcome) in await profiles.answers(symbols, at: instant) {
      if case .success(let answer) = outcome { found[symbol] = answer.value }
    }
    return found
  }

  /// Each provider behind the gateway: the kinds it serves first here, those it stands
  /// in for when the sources before it fail, remaining budget, circuit state.
  public func providerStatus() -> [MarketProviderStatus] {
    upstreams.map { upstream in
      var status = upstream.status()
      status.capabilities = status.capabilities.filter { primary(for: $0) === upstream }
      status.fallbackFor = MarketDataKind.allCases.filter { kind in
        upstream.serves(kind) && primary(for: kind) !== upstream
      }
      return status
    }
  }

  /// The provider that serves `kind` first, as things stand; `nil` when none does.
  public func source(for kind: MarketDataKind) -> DataAttribution? {
    primary(for: kind)?.provider.attribution
  }

  /// The first source (whose name the data carries).
  var upstream: Upstream { upstreams[0] }

  /// Whether any source serves `kind`.
  func serves(_ kind: MarketDataKind) -> Bool { primary(for: kind) != nil }

  func primary(for kind: MarketDataKind) -> Upstream? {
    routes[kind]?.first { $0.serves(kind) }
  }

  /// The sources whose policy lists each kind, in order.
  private static func routes(_ upstreams: [Upstream]) -> [MarketDataKind: [Upstream]] {
    var routes: [MarketDataKind: [Upstream]] = [:]
    for kind in MarketDataKind.allCases {
      let chain = upstreams.filter { $0.policy.capabilities.contains(kind) }
      if !chain.isEmpty { routes[kind] = chain }
    }
    return routes
  }

  /// Callers awaiting an upstream answer right now, over all kinds (for tests).
  package var awaitingCallers: Int {
    quotes.awaitingCallers + searches.awaitingCallers + profiles.awaitingCallers
      + barHistories.awaitingCallers + stories.awaitingCallers + peerLists.awaitingCallers
      + recommendations.awaitingCallers + earningsReports.awaitingCallers
      + sentiments.awaitingCallers + statuses.awaitingCallers + actionLists.awaitingCallers
  }
}
