import Foundation
import RavenGateway
import RavenStore

/// A provider's rate budget kept in the database the servers share: each upstream call
/// takes its tokens from the stored buckets in one transaction, as `TokenBucket` counts.
struct DatabaseRateBudget: SharedRateBudget {
  let store: any RateBucketStore

  func take(upTo count: Int, of budget: RateBudget, provider: String, at now: Date)
    async throws -> SharedBudgetTake
  {
    try await update(budget, of: provider) { budget.take(upTo: count, from: $0, at: now) }
  }

  func drain(_ budget: RateBudget, provider: String, at now: Date) async throws {
    try await update(budget, of: provider) { ((), budget.drained($0, at: now)) }
  }

  /// Reads the provider's stored buckets as `budget`'s, and stores what `body` makes of them.
  private func update<Answer: Sendable>(
    _ budget: RateBudget, of provider: String,
    _ body: @escaping @Sendable ([TokenBucket?]) -> (Answer, [TokenBucket])
  ) async throws -> Answer {
    try await store.updateRateBuckets(of: provider) { stored in
      let kept = budget.limits.indices.map { index in
        stored[index].map {
          TokenBucket(budget.limits[index], tokens: $0.tokens, updatedAt: $0.updatedAt)
        }
      }
      let (answer, buckets) = body(kept)
      let updated = Dictionary(
        uniqueKeysWithValues: buckets.enumerated().map { index, bucket in
          (index, StoredRateBucket(tokens: bucket.tokens, updatedAt: bucket.updatedAt))
        })
      return (updated, answer)
    }
  }
}
