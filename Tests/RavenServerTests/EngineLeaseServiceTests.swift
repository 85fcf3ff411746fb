import Foundation
import Logging
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Synchronization
import Testing

@testable import RavenServer

/// Of servers sharing a database, only the one holding the engine's lease runs the passes
/// (issue 38; `PostgresEngineLeaseTests` holds the lease itself).
@Suite("Engine lease")
struct EngineLeaseServiceTests {
  final class SwitchedLease: EngineLease {
    let held = Atomic<Bool>(false)
    var isHeld: Bool { held.load(ordering: .relaxed) }
    func hold() async {}
  }

  @Test("No pass runs without the lease; one runs as soon as it is held")
  func passesOnlyWithTheLease() async throws {
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let clock = ManualWallClock(TestServer.midSession)
    let market = SimulatedMarket(seed: 42, calendar: TestServer.calendar)
    let user = try await store.createUser(
      username: "ada", passwordHash: "x", startingCash: 25_000, at: clock.now)
    let account = try await store.firstAccount(of: user.id)
    // A resting buy far under the market: a pass records the minutes it matched.
    let order = Order(
      id: UUID(), clientOrderID: "rest",
      request: OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 1, limitPrice: Price(cents: 100),
        timeInForce: .gtc),
      submittedAt: clock.now.addingTimeInterval(-600))
    _ = try await store.placeOrder(order, holdPrice: Price(cents: 100), accountID: account)
    let lease = SwitchedLease()
    let gate = StartupGate()
    gate.open()
    let hub = QuoteStreamHub(
      market: market, marketClock: clock, interval: .seconds(1), metrics: AppMetrics(),
      logger: Logger(label: "test"))
    let service = OrderEngineService(
      engine: OrderEngine(
        store: store, market: market, calendar: TestServer.calendar, clock: clock),
      lease: lease, interval: .milliseconds(20), migrated: gate,
      changes: AccountChanges(hub: hub, reads: AccountReads(clock: clock)),
      logger: Logger(label: "test"))
    let running = Task { try await service.run() }
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await store.ordersMatchedThrough() == nil)
    lease.held.store(true, ordering: .relaxed)
    var matched: Date?
    for _ in 0..<250 where matched == nil {
      try await Task.sleep(for: .milliseconds(20))
      matched = try await store.ordersMatchedThrough()
    }
    #expect(matched != nil)
    running.cancel()
  }
}
