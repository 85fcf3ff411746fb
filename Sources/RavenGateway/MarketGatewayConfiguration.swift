import Foundation
import RavenCore
import RavenMarketData

/// How long the gateway keeps each kind of answer, how many it keeps, and how long it
/// may wait for the rate budget. The defaults suit a live provider on a free plan.
public struct MarketGatewayConfiguration: Sendable, Hashable {
  public var lifetimes: CacheLifetimes
  public var capacities: CacheCapacities
  /// Seconds an answer such as "unknown symbol" or "no data" is remembered.
  public var negativeLifetime: TimeInterval
  /// The longest a request with nothing cached waits for the next token of the rate
  /// budget before it is refused with `MarketDataError.rateLimited`.
  public var maxTokenWait: TimeInterval

  public init(
    lifetimes: CacheLifetimes = CacheLifetimes(), capacities: CacheCapacities = CacheCapacities(),
    negativeLifetime: TimeInterval = 60, maxTokenWait: TimeInterval = 1
  ) {
    self.lifetimes = lifetimes
    self.capacities = capacities
    self.negativeLifetime = negativeLifetime
    self.maxTokenWait = maxTokenWait
  }
}

/// Seconds each kind of answer stays fresh in the gateway's cache.
public struct CacheLifetimes: Sendable, Hashable, Codable {
  public var quote: TimeInterval = 2
  public var search: TimeInterval = 3_600
  public var profile: TimeInterval = 86_400
  public var peers: TimeInterval = 86_400
  public var news: TimeInterval = 300
  public var recommendationTrends: TimeInterval = 43_200
  public var earnings: TimeInterval = 43_200
  public var socialSentiment: TimeInterval = 3_600
  /// A company's splits and dividends: announced days or weeks ahead, so a few hours old
  /// is fresh enough, and the engine asks every symbol in use at each open.
  public var corporateActions: TimeInterval = 21_600
  /// At most this long, and never past the next open or close the status names.
  public var marketStatus: TimeInterval = 30
  /// Bars of one minute to one hour. Also the grid a request's `to` is rounded up to.
  public var intradayBars: TimeInterval = 30
  /// Daily, weekly and monthly bars. Also the grid a request's `to` is rounded up to.
  public var dailyBars: TimeInterval = 3_600

  public init() {}

  /// The lifetime of bars of `resolution`.
  public func bars(_ resolution: BarResolution) -> TimeInterval {
    resolution.isIntraday ? intradayBars : dailyBars
  }
}

/// How much each kind of cache may hold before the least recently used answers go.
/// Counted in answers, except bars and news, which are counted in bars and stories
/// (one long minute-bar history can be 100,000 bars).
public struct CacheCapacities: Sendable, Hashable, Codable {
  public var quotes = 10_000
  public var searches = 1_000
  public var profiles = 5_000
  public var peers = 5_000
  /// Stories, over all cached news answers.
  public var newsArticles = 20_000
  public var recommendationTrends = 5_000
  public var earnings = 5_000
  public var socialSentiment = 2_000
  /// Symbols' lists of splits and dividends.
  public var corporateActions = 5_000
  /// Bars, over all cached bar answers (about 100 bytes each).
  public var bars = 250_000

  public init() {}
}

/// The rules for one upstream provider: its budget, its circuit breaker, what it serves.
public struct UpstreamPolicy: Sendable, Hashable {
  /// A short stable name for metrics labels and the providers report, e.g. `finnhub`.
  public var id: String
  public var budget: RateBudget
  public var circuitBreaker: CircuitBreakerPolicy
  /// The kinds of data this provider serves; others are refused as unsupported
  /// without spending budget.
  public var capabilities: Set<MarketDataKind>
  /// What one `quotes(for:at:)` call costs against the budget.
  public var batchQuoteCost: BatchQuoteCost

  public init(
    id: String, budget: RateBudget = .unlimited,
    circuitBreaker: CircuitBreakerPolicy = CircuitBreakerPolicy(),
    capabilities: Set<MarketDataKind> = Set(MarketDataKind.allCases),
    batchQuoteCost: BatchQuoteCost = .perCall
  ) {
    self.id = id
    self.budget = budget
    self.circuitBreaker = circuitBreaker
    self.capabilities = capabilities
    self.batchQuoteCost = batchQuoteCost
  }
}

/// How a provider counts a batch of quotes against its rate budget.
public enum BatchQuoteCost: String, Sendable, Hashable, Codable {
  /// One call, however many symbols (Alpaca snapshots, the simulated market).
  case perCall
  /// One call per symbol (Finnhub has no batch quote endpoint). When the budget has
  /// fewer tokens than symbols, the gateway asks for as many symbols as it has tokens,
  /// those never fetched first, and answers the others stale or rate limited.
  case perSymbol
}

/// One provider behind a gateway with the rules it is called under.
public struct MarketSource: Sendable {
  public var provider: any MarketDataProvider
  public var policy: UpstreamPolicy

  public init(provider: any MarketDataProvider, policy: UpstreamPolicy) {
    self.provider = provider
    self.policy = policy
  }
}
