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
    try await store.updateRateBuckets(of: provider) { stored in
      let kept = budget.limits.indices.map { index in
        stored[index].map {
          TokenBucket(budget.limits[index], tokens: $0.tokens, updatedAt: $0.updatedAt)
        }
      }
      let (take, buckets) = budget.take(upTo: count, from: kept, at: now)
      let updated = Dictionary(
        uniqueKeysWithValues: buckets.enumerated().map { index, bucket in
          (index, StoredRateBucket(tokens: bucket.tokens, updatedAt: bucket.updatedAt))
        })
      return (updated, take)
    }
  }

  func drain(_ budget: RateBudget, provider: String, at now: Date) async throws {
    try await store.updateRateBuckets(of: provider) { stored in
      let kept = budget.limits.indices.map { index in
        stored[index].map {
          TokenBucket(budget.limits[index], tokens: $0.tokens, updatedAt: $0.updatedAt)
        }
      }
      let drained = budget.drained(kept, at: now)
      let updated = Dictionary(
        uniqueKeysWithValues: drained.enumerated().map { index, bucket in
          (index, StoredRateBucket(tokens: bucket.tokens, updatedAt: bucket.updatedAt))
        })
      return (updated, ())
    }
  }
}
