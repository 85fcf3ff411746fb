import Foundation
import RavenMarketData

/// A token bucket: holds at most `capacity` tokens, gains `refillPerSecond` tokens a
/// second, and every upstream call takes one. Time is passed in, so the math is pure.
///
/// Over any interval of `t` seconds at most `capacity + refillPerSecond × t` tokens can
/// be taken (the full bucket plus what trickles in), which is why a provider's "N calls
/// per T" becomes a bucket through `RateLimit.atMost(_:per:burst:)` rather than a bucket
/// of N refilled at N/T, which would allow nearly 2N in one window.
public struct TokenBucket: Sendable, Hashable {
  public let limit: RateLimit
  /// Tokens in the bucket when last updated, fractions included; in `0...capacity`.
  public private(set) var tokens: Double
  /// The instant `tokens` was computed for.
  public private(set) var updatedAt: Date

  /// Tokens are compared with this slack so that floating-point dust (0.999999999…)
  /// does not hold back a token that has arrived.
  static let epsilon = 1e-9

  /// A full bucket at `now`.
  public init(_ limit: RateLimit, fullAt now: Date) {
    self.limit = limit
    self.tokens = Double(limit.capacity)
    self.updatedAt = now
  }

  /// A bucket as it stood at `updatedAt` (kept elsewhere, e.g. shared through a
  /// database); `limit` is today's, so a smaller capacity clamps what was kept.
  public init(_ limit: RateLimit, tokens: Double, updatedAt: Date) {
    self.limit = limit
    self.tokens = min(max(tokens, 0), Double(limit.capacity))
    self.updatedAt = updatedAt
  }

  /// Adds what trickled in since the last update. A clock that steps backwards adds
  /// nothing (and does not move `updatedAt` back).
  public mutating func refill(at now: Date) {
    let elapsed = now.timeIntervalSince(updatedAt)
    guard elapsed > 0 else { return }
    tokens = min(Double(limit.capacity), tokens + elapsed * limit.refillPerSecond)
    updatedAt = now
  }

  /// Whole tokens available at `now`.
  public func available(at now: Date) -> Int {
    var copy = self
    copy.refill(at: now)
    return Int((copy.tokens + Self.epsilon).rounded(.down))
  }

  /// Takes `count` tokens if all of them are there; otherwise takes none.
  public mutating func take(_ count: Int = 1, at now: Date) -> Bool {
    refill(at: now)
    guard count >= 0, tokens + Self.epsilon >= Double(count) else { return false }
    tokens = max(0, tokens - Double(count))
    return true
  }

  /// Seconds until `count` tokens are there: 0 when they already are, `nil` when they
  /// never will be (more than the capacity, or no refill).
  public func waitTime(for count: Int = 1, at now: Date) -> TimeInterval? {
    guard count <= limit.capacity else { return nil }
    var copy = self
    copy.refill(at: now)
    let missing = Double(count) - copy.tokens
    if missing <= Self.epsilon { return 0 }
    guard limit.refillPerSecond > 0 else { return nil }
    return missing / limit.refillPerSecond
  }

  /// Empties the bucket: the provider said its budget is spent, whatever we counted.
  public mutating func drain(at now: Date) {
    refill(at: now)
    tokens = 0
  }
}

/// The shape of a token bucket: how many tokens it holds and how fast it refills.
public struct RateLimit: Sendable, Hashable, Codable {
  /// The most calls that can be made at once (the burst).
  public var capacity: Int
  public var refillPerSecond: Double
  /// The provider's own terms this bucket keeps, e.g. 60 calls per 60 seconds, when it
  /// was made from them (`atMost`): what reports show people.
  public var window: Window?

  /// "At most `calls` calls in any `seconds` seconds".
  public struct Window: Sendable, Hashable, Codable {
    public var calls: Int
    public var seconds: TimeInterval
  }

  public init(capacity: Int, refillPerSecond: Double, window: Window? = nil) {
    precondition(capacity >= 1, "a rate limit needs room for at least one call")
    precondition(refillPerSecond >= 0, "a rate limit cannot refill negatively")
    self.capacity = capacity
    self.refillPerSecond = refillPerSecond
    self.window = window
  }

  /// A bucket that never allows more than `calls` calls in any window of `seconds`
  /// (half-open, `[t, t + seconds)`), with at most `burst` of them at once.
  ///
  /// The calls in a window spend at most the `burst` tokens the bucket held at its start
  /// plus what trickled in before the last of them, strictly less than
  /// `refill × seconds`; so with a refill of `(calls − burst + 1) / seconds` they number
  /// fewer than `calls + 1`. E.g. Finnhub's 60 a minute with a burst of 30: 30 at once,
  /// then one every 60/31 s.
  public static func atMost(_ calls: Int, per seconds: TimeInterval, burst: Int) -> RateLimit {
    precondition(calls >= 1 && seconds > 0, "a rate limit allows at least one call per window")
    let burst = min(max(burst, 1), calls)
    return RateLimit(
      capacity: burst, refillPerSecond: Double(calls - burst + 1) / seconds,
      window: Window(calls: calls, seconds: seconds))
  }
}
