import Foundation
import PostgresNIO
import RavenStore

extension PostgresStore: RateBucketStore {
  public func updateRateBuckets<Answer: Sendable>(
    of provider: String,
    _ update:
      @Sendable ([Int: StoredRateBucket]) -> (buckets: [Int: StoredRateBucket], answer: Answer)
  ) async throws(StoreError) -> Answer {
    try await transaction { connection in
      // The provider's rows, locked for this transaction (inserted the first time, so
      // that two servers starting together also take turns).
      try await connection.perform(
        """
        SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':budget:' || \(provider), 0))
        """, self.logger)
      var stored: [Int: StoredRateBucket] = [:]
      for row in try await connection.rows(
        "SELECT bucket, tokens, updated_at FROM rate_buckets WHERE provider = \(provider)",
        self.logger)
      {
        let (bucket, tokens, micros) = try row.decode((Int, Double, Int64).self)
        stored[bucket] = StoredRateBucket(
          tokens: tokens, updatedAt: StoredValue.date(microseconds: micros))
      }
      let (buckets, answer) = update(stored)
      let indices = buckets.keys.sorted()
      guard !indices.isEmpty else { return answer }
      let tokens = indices.map { buckets[$0]!.tokens }
      let times = indices.map { StoredValue.microseconds(buckets[$0]!.updatedAt) }
      try await connection.perform(
        """
        INSERT INTO rate_buckets (provider, bucket, tokens, updated_at)
        SELECT \(provider), * FROM unnest(\(indices)::integer[], \(tokens)::double precision[],
          \(times)::bigint[])
        ON CONFLICT (provider, bucket) DO UPDATE
        SET tokens = excluded.tokens, updated_at = excluded.updated_at
        """, self.logger)
      return answer
    }
  }
}
