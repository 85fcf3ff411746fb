import Foundation

/// A provider's rate budget shared by every server calling it with the same key: each
/// call is paid from it as well as from the server's own buckets, so that N servers make
/// no more calls than one (the database holds it; see `RateBucketStore`).
public protocol SharedRateBudget: Sendable {
  /// Takes up to `count` calls of `budget` for the provider `provider` at `now`.
  func take(upTo count: Int, of budget: RateBudget, provider: String, at now: Date)
    async throws -> SharedBudgetTake

  /// Empties the provider's buckets at `now`: it answered that the budget is spent,
  /// whatever was counted.
  func drain(_ budget: RateBudget, provider: String, at now: Date) async throws
}

/// What a shared budget gave.
public struct SharedBudgetTake: Sendable, Hashable {
  /// The calls taken; 0 when the budget is spent for now.
  public var granted: Int
  /// With none taken, the seconds until one can be (nil: never).
  public var wait: TimeInterval?

  public init(granted: Int, wait: TimeInterval?) {
    self.granted = granted
    self.wait = wait
  }
}

extension RateBudget {
  /// Buckets in the state `buckets` (as `take(upTo:from:at:)` reads them), emptied at `now`.
  public func drained(_ buckets: [TokenBucket?], at now: Date) -> [TokenBucket] {
    var state = restored(buckets, at: now)
    state.drain(at: now)
    return state.buckets
  }

  /// Takes up to `count` calls from buckets in the state `buckets` (one per limit, in
  /// order; nil for one never used, which starts full at `now`): the calls taken, the
  /// buckets after, and with none taken the wait until one can be.
  public func take(upTo count: Int, from buckets: [TokenBucket?], at now: Date)
    -> (take: SharedBudgetTake, buckets: [TokenBucket])
  {
    var state = restored(buckets, at: now)
    let granted = state.take(upTo: count, at: now)
    return (
      SharedBudgetTake(granted: granted, wait: granted > 0 ? 0 : state.waitTime(at: now)),
      state.buckets
    )
  }

  /// This budget's buckets as kept elsewhere, under today's limits.
  private func restored(_ buckets: [TokenBucket?], at now: Date) -> BudgetBuckets {
    BudgetBuckets(
      buckets: limits.indices.map { index in
        let stored = index < buckets.count ? buckets[index] : nil
        return stored.map { TokenBucket(limits[index], tokens: $0.tokens, updatedAt: $0.updatedAt) }
          ?? TokenBucket(limits[index], fullAt: now)
      })
  }
}
