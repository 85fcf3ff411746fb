import Foundation
import Logging
import RavenCore
import RavenStore
import RavenStorePostgres
import RavenTestSupport
import Testing

/// Servers on one PostgreSQL database tell each other of order changes with
/// `LISTEN`/`NOTIFY` (issue 38). PostgreSQL only: SQLite has one server.
@Suite("PostgreSQL notices")
struct PostgresNoticesTests {
  static let url = ProcessInfo.processInfo.environment["RAVEN_TEST_POSTGRES_URL"]

  /// What one server heard, in order.
  actor Heard {
    var deliveries: [ServerNoticeDelivery] = []
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func add(_ delivery: ServerNoticeDelivery) {
      deliveries.append(delivery)
      let (ready, waiting) = watchers.reduce(
        into: (
          [CheckedContinuation<Void, Never>](),
          [(count: Int, continuation: CheckedContinuation<Void, Never>)]()
        )
      ) { result, watcher in
        if deliveries.count >= watcher.count {
          result.0.append(watcher.continuation)
        } else {
          result.1.append(watcher)
        }
      }
      watchers = waiting
      for continuation in ready { continuation.resume() }
    }

    func wait(for count: Int) async {
      guard deliveries.count < count else { return }
      await withCheckedContinuation { watchers.append((count, $0)) }
    }
  }

  static func order(_ clientOrderID: String) -> Order {
    // Instants as the store keeps them (whole microseconds), as the notices carry them.
    let now = Date(timeIntervalSince1970: 1_795_000_000.123456)
    var order = Order(
      id: UUID(), clientOrderID: clientOrderID,
      request: OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 3, limitPrice: Price(cents: 18_050),
        timeInForce: .gtc),
      submittedAt: now)
    order.status = .partiallyFilled
    order.filledQty = 1
    order.filledAvgPrice = Price(cents: 18_049)
    order.filledAt = now.addingTimeInterval(0.000_001)
    return order
  }

  @Test(
    "A notice reaches the other server in order, never its sender; an order too large goes as its id",
    .enabled(if: url != nil),
    // Waiting for a turn at the test database counts too (`PostgresTestDatabase`).
    .timeLimit(.minutes(5)))
  func noticesCrossServers() async throws {
    try await PostgresTestDatabase.with(url: Self.url!, stores: 2, migrated: true) { database in
      let stores = database.stores.compactMap { $0 as? PostgresStore }
      try #require(stores.count == 2)
      let clock = ManualWallClock(Date(timeIntervalSince1970: 1_795_000_000))
      let (sender, listener) = (
        PostgresNotices(
          store: stores[0], clock: clock, logger: Logger(label: "a")),
        PostgresNotices(
          store: stores[1], clock: clock, logger: Logger(label: "b"))
      )
      let (sent, heard) = (Heard(), Heard())
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await sender.exchange { await sent.add($0) } }
        group.addTask { await listener.exchange { await heard.add($0) } }
        await sent.wait(for: 1)
        await heard.wait(for: 1)
        let (first, second) = (Self.order("first"), Self.order("second"))
        let tooLarge = Self.order(String(repeating: "x", count: 9_000))
        for order in [first, tooLarge, second] {
          sender.announce(.order(order, account: AccountID(7), user: UserID(3)))
        }
        await heard.wait(for: 4)
        let deliveries = await heard.deliveries
        #expect(
          deliveries == [
            .listening(missedSince: nil),
            .notice(.order(first, account: AccountID(7), user: UserID(3))),
            .notice(.orderChanged(id: tooLarge.id, account: AccountID(7), user: UserID(3))),
            .notice(.order(second, account: AccountID(7), user: UserID(3))),
          ])
        #expect(await sent.deliveries == [.listening(missedSince: nil)])
        group.cancelAll()
      }
    }
  }

  @Test(
    "A burst of notices goes in batches and arrives whole and in order",
    .enabled(if: url != nil), .timeLimit(.minutes(5)))
  func burstArrivesInOrder() async throws {
    try await PostgresTestDatabase.with(url: Self.url!, stores: 2, migrated: true) { database in
      let stores = database.stores.compactMap { $0 as? PostgresStore }
      try #require(stores.count == 2)
      let clock = ManualWallClock(Date(timeIntervalSince1970: 1_795_000_000))
      let sender = PostgresNotices(store: stores[0], clock: clock, logger: Logger(label: "a"))
      let listener = PostgresNotices(store: stores[1], clock: clock, logger: Logger(label: "b"))
      let (sent, heard) = (Heard(), Heard())
      // More than one statement's batch, announced faster than any round trip.
      let orders = (0..<(PostgresNotices.batch * 2 + 7)).map { Self.order("burst-\($0)") }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await sender.exchange { await sent.add($0) } }
        group.addTask { await listener.exchange { await heard.add($0) } }
        await sent.wait(for: 1)
        await heard.wait(for: 1)
        for order in orders {
          sender.announce(.order(order, account: AccountID(7), user: UserID(3)))
        }
        await heard.wait(for: orders.count + 1)
        let deliveries = await heard.deliveries
        #expect(
          deliveries
            == [.listening(missedSince: nil)]
            + orders.map { .notice(.order($0, account: AccountID(7), user: UserID(3))) })
        group.cancelAll()
      }
    }
  }
}
