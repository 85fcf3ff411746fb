import Foundation
import RavenStore
import RavenStorePostgres
import Testing

/// Live providers' rate budgets kept in PostgreSQL for every server (issue 38).
@Suite("PostgreSQL rate buckets")
struct PostgresRateBucketTests {
  @Test(
    "Forty updates at once through two servers each see the one before: none is lost",
    .enabled(if: PostgresEngineLeaseTests.url != nil), .timeLimit(.minutes(5)))
  func updatesTakeTurns() async throws {
    try await PostgresTestDatabase.with(
      url: PostgresEngineLeaseTests.url!, stores: 2, migrated: true
    ) { database in
      let stores = database.stores.compactMap { $0 as? PostgresStore }
      try #require(stores.count == 2)
      let start = Date(timeIntervalSince1970: 1_800_000_000)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          let store = stores[index % 2]
          group.addTask {
            // A counter in bucket 1; bucket 0 untouched after its first write.
            try await store.updateRateBuckets(of: "finnhub") { stored in
              let count = stored[1]?.tokens ?? 0
              var buckets = [1: StoredRateBucket(tokens: count + 1, updatedAt: start)]
              if stored[0] == nil { buckets[0] = StoredRateBucket(tokens: 0.5, updatedAt: start) }
              return (buckets, ())
            }
          }
        }
        try await group.waitForAll()
      }
      let kept = try await stores[1].updateRateBuckets(of: "finnhub") { stored in
        ([:], stored)
      }
      #expect(kept[1] == StoredRateBucket(tokens: 40, updatedAt: start))
      #expect(kept[0] == StoredRateBucket(tokens: 0.5, updatedAt: start))
      // Another provider's budget is apart.
      #expect(try await stores[0].updateRateBuckets(of: "alpaca") { ([:], $0) }.isEmpty)
    }
  }
}
