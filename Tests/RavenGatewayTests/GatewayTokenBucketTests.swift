import Foundation
import RavenTestSupport
import Testing

@testable import RavenGateway

@Suite("Gateway: token bucket math")
struct GatewayTokenBucketTests {
  let start = GatewayFixture.start

  func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

  @Test("A new bucket is full and allows exactly its capacity at once")
  func burst() {
    var bucket = TokenBucket(RateLimit(capacity: 5, refillPerSecond: 1), fullAt: start)
    #expect(bucket.available(at: start) == 5)
    let takes = (0..<6).map { _ in bucket.take(at: start) }
    #expect(takes == [true, true, true, true, true, false])
    #expect(bucket.available(at: start) == 0)
  }

  @Test("Tokens come back at the refill rate, fractions included, and stop at the capacity")
  func refill() {
    var bucket = TokenBucket(RateLimit(capacity: 3, refillPerSecond: 0.5), fullAt: start)
    let emptied = bucket.take(3, at: start)
    #expect(emptied)
    bucket.refill(at: at(3))
    #expect(bucket.tokens == 1.5)
    #expect(bucket.available(at: at(3.9)) == 1)
    #expect(bucket.available(at: at(4)) == 2)
    #expect(bucket.available(at: at(600)) == 3)
    let tooMany = bucket.take(4, at: at(600))
    #expect(!tooMany)
    #expect(bucket.available(at: at(600)) == 3, "a refused take takes nothing")
  }

  @Test("The bucket never goes negative, whatever is asked of it")
  func neverNegative() {
    var bucket = TokenBucket(RateLimit(capacity: 2, refillPerSecond: 1), fullAt: start)
    for step in 0..<1_000 {
      let now = at(Double(step) * 0.013)
      _ = bucket.take(step % 3, at: now)
      #expect(bucket.tokens >= 0)
      #expect(bucket.tokens <= 2)
    }
    bucket.drain(at: at(20))
    #expect(bucket.tokens == 0)
    let afterDrain = bucket.take(at: at(20))
    #expect(!afterDrain)
  }

  @Test("A clock stepping backwards adds no tokens")
  func clockBackwards() {
    var bucket = TokenBucket(RateLimit(capacity: 1, refillPerSecond: 1), fullAt: start)
    let takes = [10, 5, 10.5, 11].map { bucket.take(at: at($0)) }
    #expect(takes == [true, false, false, true])
  }

  @Test("The wait for a token is what is missing over the rate; never for the impossible")
  func waitTime() {
    var bucket = TokenBucket(RateLimit(capacity: 2, refillPerSecond: 4), fullAt: start)
    #expect(bucket.waitTime(at: start) == 0)
    let emptied = bucket.take(2, at: start)
    #expect(emptied)
    #expect(bucket.waitTime(at: start) == 0.25)
    #expect(bucket.waitTime(for: 2, at: at(0.25)) == 0.25)
    #expect(bucket.waitTime(for: 3, at: start) == nil)
    var dry = TokenBucket(RateLimit(capacity: 1, refillPerSecond: 0), fullAt: start)
    let only = dry.take(at: start)
    #expect(only)
    #expect(dry.waitTime(at: at(1_000)) == nil)
  }

  /// The most calls a greedy caller gets into any window `[t, t + seconds)`, taking a
  /// token whenever there is one, checking every `step` seconds for `duration` seconds.
  func busiestWindow(
    _ limits: [RateLimit], seconds: TimeInterval, step: TimeInterval, duration: TimeInterval
  )
    -> Int
  {
    var budget = BudgetBuckets(RateBudget(limits: limits), fullAt: start)
    var calls: [TimeInterval] = []
    for index in 0..<Int(duration / step) {
      let time = Double(index) * step
      while budget.take(upTo: 1, at: at(time)) == 1 { calls.append(time) }
    }
    var busiest = 0
    var first = 0
    for last in calls.indices {
      while calls[last] - calls[first] >= seconds { first += 1 }
      busiest = max(busiest, last - first + 1)
    }
    return busiest
  }

  @Test("atMost(_:per:burst:) never allows more calls than asked in any window")
  func windowBound() {
    let finnhub = RateLimit.atMost(60, per: 60, burst: 30)
    #expect(finnhub.capacity == 30)
    #expect(busiestWindow([finnhub], seconds: 60, step: 0.25, duration: 600) == 60)
    #expect(busiestWindow([finnhub], seconds: 1, step: 0.01, duration: 120) == 30)
    let perSecond = RateLimit.atMost(1, per: 1, burst: 1)
    #expect(busiestWindow([perSecond], seconds: 1, step: 0.1, duration: 60) == 1)
    #expect(
      busiestWindow(
        RateBudget.alphaVantageFree.limits, seconds: 86_400, step: 30, duration: 5 * 86_400) == 25)
    #expect(
      busiestWindow(RateBudget.alphaVantageFree.limits, seconds: 1, step: 0.05, duration: 30) == 1)
  }

  @Test("A naive bucket of N refilled at N per window would allow nearly twice N")
  func naiveBucketOvershoots() {
    let naive = RateLimit(capacity: 60, refillPerSecond: 1)
    #expect(busiestWindow([naive], seconds: 60, step: 0.25, duration: 600) > 100)
  }

  @Test("A budget of several limits takes from all of them or none")
  func severalLimits() {
    var budget = BudgetBuckets(
      RateBudget(limits: [
        RateLimit(capacity: 5, refillPerSecond: 0.1), RateLimit(capacity: 2, refillPerSecond: 1),
      ]), fullAt: start)
    #expect(budget.available(at: start) == 2)
    let first = [budget.take(upTo: 10, at: start), budget.take(upTo: 1, at: start)]
    #expect(first == [2, 0])
    #expect(budget.waitTime(at: start) == 1)
    let later = budget.take(upTo: 10, at: at(2))
    #expect(later == 2)
    // The slow bucket has 5 − 4 + 0.4 = 1.4 left: one whole token.
    let last = budget.take(upTo: 10, at: at(4))
    #expect(last == 1)
    #expect(budget.waitTime(at: at(4)) ?? 0 > 1)
    var unlimited = BudgetBuckets(.unlimited, fullAt: start)
    let many = unlimited.take(upTo: 1_000, at: start)
    #expect(many == 1_000)
  }
}
