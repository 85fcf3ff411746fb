import Foundation
import Logging
import RavenStore
import RavenStorePostgres
import Testing

/// One engine per database (issue 38): the server holding a PostgreSQL advisory lock runs
/// the passes, and another takes over when it goes. PostgreSQL only.
@Suite("PostgreSQL engine lease")
struct PostgresEngineLeaseTests {
  static let url = ProcessInfo.processInfo.environment["RAVEN_TEST_POSTGRES_URL"]

  /// Waits up to `seconds` for `condition`; whether it came true, and after how long.
  static func eventually(within seconds: Double, _ condition: () -> Bool) async -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    while clock.now - start < .seconds(seconds) {
      if condition() { return clock.now - start }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return nil
  }

  @Test(
    "One server of two holds the lease; when it lets go, the other takes it within 10 s",
    .enabled(if: url != nil),
    // Waiting for a turn at the test database counts too (`PostgresTestDatabase`).
    .timeLimit(.minutes(5)))
  func oneHolderAndFailover() async throws {
    try await PostgresTestDatabase.with(url: Self.url!, stores: 2, migrated: true) { database in
      let stores = database.stores.compactMap { $0 as? PostgresStore }
      try #require(stores.count == 2)
      let first = PostgresEngineLease(store: stores[0], logger: Logger(label: "a"))
      let second = PostgresEngineLease(store: stores[1], logger: Logger(label: "b"))
      let holding = Task { await first.hold() }
      #expect(await Self.eventually(within: 10) { first.isHeld } != nil)
      let waiting = Task { await second.hold() }
      // Two retries later, still the first's.
      try await Task.sleep(for: .milliseconds(2_500))
      #expect(first.isHeld && !second.isHeld)

      // A deployment in another schema of the same database has an engine of its own.
      try await PostgresTestDatabase.with(url: Self.url!, stores: 1, migrated: false) { other in
        let elsewhere = try #require(other.stores.first as? PostgresStore)
        let lease = PostgresEngineLease(store: elsewhere, logger: Logger(label: "c"))
        let task = Task { await lease.hold() }
        #expect(await Self.eventually(within: 10) { lease.isHeld } != nil)
        task.cancel()
        await task.value
      }

      holding.cancel()
      await holding.value
      #expect(!first.isHeld)
      let takeover = await Self.eventually(within: 10) { second.isHeld }
      #expect(takeover != nil)
      waiting.cancel()
      await waiting.value
      #expect(!second.isHeld)
    }
  }
}
