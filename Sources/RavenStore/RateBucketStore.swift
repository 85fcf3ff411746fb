import Foundation

/// One token bucket of a provider's rate budget as kept in the database.
public struct StoredRateBucket: Sendable, Hashable {
  /// Tokens when last updated, fractions included.
  public var tokens: Double
  public var updatedAt: Date

  public init(tokens: Double, updatedAt: Date) {
    self.tokens = tokens
    self.updatedAt = updatedAt
  }
}

/// Where the servers sharing a database keep each provider's rate budget, so that N
/// servers calling it with one key make no more calls than one.
public protocol RateBucketStore: Sendable {
  /// In one step no other server's interleaves with: reads `provider`'s buckets (by the
  /// index of their limit; a bucket never stored is missing), and stores those `update`
  /// returns.
  func updateRateBuckets<Answer: Sendable>(
    of provider: String,
    _ update:
      @Sendable ([Int: StoredRateBucket]) -> (buckets: [Int: StoredRateBucket], answer: Answer)
  ) async throws(StoreError) -> Answer
}
