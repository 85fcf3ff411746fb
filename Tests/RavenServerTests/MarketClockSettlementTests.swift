import Foundation
import GRDB
import Logging
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// `raven serve --sim-start/--sim-speed/--sim-reset` against a real database: the market's
/// time is stored with the data and continues across restarts.
@Suite("Settling the market's clock at start")
struct MarketClockSettlementTests {
  let wall = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
  let monday = TestServer.midSession
  let store: SQLiteStore

  init() async throws {
    store = try SQLiteStore.temporary()
    try await store.migrate()
  }

  /// A restart: a new clock on real time, settled against the database.
  func start(_ request: MarketClockRequest) async throws -> SimulationClock {
    let clock = SimulationClock(setting: nil, base: wall)
    try await MarketClockSettlement(store: store, logger: Logger(label: "test"))
      .settle(clock, request: request)
    return clock
  }

  /// A new user and their gtc buy of AAPL at $1.00, placed on Monday: it rests.
  func restingBuy(of username: String) async throws -> (User, Order) {
    let user = try await store.createUser(
      username: username, passwordHash: "x", startingCash: 25_000, at: monday)
    let order = Order(
      id: UUID(), clientOrderID: "c1",
      request: OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 1, limitPrice: Price("1.00")!,
        timeInForce: .gtc), submittedAt: monday)
    _ = try await store.placeOrder(
      order, holdPrice: Price("1.00")!, accountID: try await store.firstAccount(of: user.id))
    return (user, order)
  }

  @Test("The first --sim-start and --sim-speed are stored; a restart continues their time")
  func continues() async throws {
    let first = try await start(MarketClockRequest(start: monday, speed: 60))
    #expect(first.now == monday)
    wall.advance(by: 10)
    #expect(first.now == monday.addingTimeInterval(600))
    // Down for 10 s, back without flags: 20 s at 60× since the start.
    wall.advance(by: 10)
    let second = try await start(MarketClockRequest())
    #expect(second.now == monday.addingTimeInterval(1_200))
    #expect(try await store.marketClock()?.speed == 60)
  }

  @Test("Servers started together on an empty database run on one clock")
  func startedTogether() async throws {
    let walls = (0..<4).map { server in
      ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000 + Double(server) / 10))
    }
    let clocks = walls.map { SimulationClock(setting: nil, base: $0) }
    let settlement = MarketClockSettlement(store: store, logger: Logger(label: "test"))
    let request = MarketClockRequest(start: monday, speed: 60)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for clock in clocks {
        group.addTask { try await settlement.settle(clock, request: request) }
      }
      try await group.waitForAll()
    }
    // Each reads the stored clock at its own wall time: one market time for all.
    let stored = try #require(try await store.marketClock())
    for (clock, wall) in zip(clocks, walls) {
      #expect(clock.now == stored.time(atWall: wall.now))
    }
  }

  @Test("--sim-reset cancels the open orders with a reason and starts the market afresh")
  func reset() async throws {
    _ = try await start(MarketClockRequest(start: monday))
    let (user, order) = try await restingBuy(of: "ada")
    try await store.simpleTrade(
      .buy, 1, "MSFT", at: Price("400.00")!, accountID: try await store.firstAccount(of: user.id),
      time: monday + 300)
    wall.advance(by: 600)

    // Before the latest fill: refused, and nothing changes.
    let earlier = monday.addingTimeInterval(-86_400)
    await #expect(throws: MarketClockError.self) {
      _ = try await start(MarketClockRequest(start: earlier))
    }
    #expect(try await store.openOrders().orders.count == 1)

    let clock = try await start(MarketClockRequest(start: earlier, reset: true))
    #expect(clock.now == earlier)
    #expect(try await store.openOrders().orders.isEmpty)
    let canceled = try await store.order(
      id: order.id, accountID: try await store.firstAccount(of: user.id)
    ).order
    #expect(canceled.status == .canceled)
    #expect(canceled.reason == MarketClockSettlement.resetReason)
    #expect(try await store.marketClock()?.start == earlier)
  }

  @Test("--sim-reset on a database holding an unreadable open order rejects it and starts")
  func resetPastUnreadableRow() async throws {
    _ = try await start(MarketClockRequest(start: monday))
    let (user, order) = try await restingBuy(of: "eve")
    // What an older release let the outside probe write: a hold price no reader takes.
    try await DatabaseQueue(path: store.path).write { db in
      try db.execute(
        sql: "UPDATE orders SET hold_price = '125925925192592592519259259251925.9180'")
    }
    wall.advance(by: 600)

    let clock = try await start(MarketClockRequest(start: monday, reset: true))
    #expect(clock.now == monday)
    #expect(try await store.openOrders() == OpenOrders(orders: []))
    let rejected = try await store.order(
      id: order.id, accountID: try await store.firstAccount(of: user.id)
    ).order
    #expect(rejected.status == .rejected)
    #expect(rejected.reason == OrderEngine.unreadableReason)
  }
}
