import Foundation
import RavenMarketData

/// How many calls a provider allows: one or more rate limits that every call must fit
/// under at once (e.g. so many a day and one a second). No limits: unlimited.
public struct RateBudget: Sendable, Hashable, Codable {
  public var limits: [RateLimit]

  public init(limits: [RateLimit]) { self.limits = limits }

  /// No budget (the simulated market costs nothing to ask).
  public static let unlimited = RateBudget(limits: [])

  /// Finnhub's free plan: 60 calls a minute, and no more than 30 in one second.
  public static let finnhubFree = RateBudget(limits: [.atMost(60, per: 60, burst: 30)])

  /// Alpha Vantage's free plan: 25 calls a day, at most one a second.
  public static let alphaVantageFree = RateBudget(limits: [
    .atMost(25, per: 86_400, burst: 5), .atMost(1, per: 1, burst: 1),
  ])

  /// Alpaca's free market-data plan: 200 calls a minute.
  public static let alpacaFree = RateBudget(limits: [.atMost(200, per: 60, burst: 50)])

  /// Finnhub's terms on another plan: `calls` a minute, still at most 30 in a second.
  public static func finnhub(callsPerMinute calls: Int) -> RateBudget {
    RateBudget(limits: [.atMost(calls, per: 60, burst: min(30, max(1, calls / 2)))])
  }

  /// Alpaca's market data terms on another plan: `calls` a minute.
  public static func alpaca(callsPerMinute calls: Int) -> RateBudget {
    RateBudget(limits: [.atMost(calls, per: 60, burst: max(1, calls / 4))])
  }

  /// Alpha Vantage's terms on another plan: `calls` a day, at most one a second.
  public static func alphaVantage(callsPerDay calls: Int) -> RateBudget {
    RateBudget(limits: [
      .atMost(calls, per: 86_400, burst: max(1, min(5, calls / 5))), .atMost(1, per: 1, burst: 1),
    ])
  }

  public var isUnlimited: Bool { limits.isEmpty }
}

/// The buckets of a `RateBudget`: a call takes a token from every bucket or from none.
struct BudgetBuckets: Sendable {
  private(set) var buckets: [TokenBucket]

  init(_ budget: RateBudget, fullAt now: Date) {
    buckets = budget.limits.map { TokenBucket($0, fullAt: now) }
  }

  init(buckets: [TokenBucket]) {
    self.buckets = buckets
  }

  var isUnlimited: Bool { buckets.isEmpty }

  /// Whole calls that can be made now; `Int.max` without limits.
  func available(at now: Date) -> Int {
    buckets.map { $0.available(at: now) }.min() ?? Int.max
  }

  /// Takes up to `count` tokens from every bucket; returns how many were taken.
  mutating func take(upTo count: Int, at now: Date) -> Int {
    let granted = min(count, available(at: now))
    guard granted > 0 else { return 0 }
    for index in buckets.indices {
      let taken = buckets[index].take(granted, at: now)
      assert(taken, "every bucket had \(granted) tokens")
    }
    return granted
  }

  /// Seconds until one call can be made; `nil` if never.
  func waitTime(at now: Date) -> TimeInterval? {
    var longest: TimeInterval = 0
    for bucket in buckets {
      guard let wait = bucket.waitTime(at: now) else { return nil }
      longest = max(longest, wait)
    }
    return longest
  }

  mutating func drain(at now: Date) {
    for index in buckets.indices { buckets[index].drain(at: now) }
  }
}
