import Benchmark
import Foundation
import GRDB
import RavenCore
import RavenStore

/// Committed trades per second on SQLite, against raw single-row commits on the same
/// disk (DESIGN.md: the store should reach at least half of raw). Both run one commit
/// at a time, WAL + synchronous=NORMAL, in the system's temporary directory.
/// Run: `cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
/// --target StoreBenchmarks`
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .cpuTotal, .mallocCountTotal],
    timeUnits: .microseconds, warmupIterations: 200, scalingFactor: .kilo,
    maxDuration: .seconds(5), maxIterations: 50)

  // The floor: one INSERT per transaction through GRDB's synchronous API on one connection.
  Benchmark("Raw SQLite: one-row INSERT per commit (WAL, NORMAL)") { benchmark in
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-raw-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let pool = try DatabasePool(
      path: directory.appendingPathComponent("raw.sqlite").path, configuration: configuration)
    try pool.write { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
    }
    try pool.writeWithoutTransaction { db in
      let insert = try db.makeStatement(sql: "INSERT INTO t (value) VALUES (?)")
      benchmark.startMeasurement()
      for index in benchmark.scaledIterations {
        try db.inTransaction(.immediate) {
          try insert.execute(arguments: ["\(index)"])
          return .commit
        }
      }
      benchmark.stopMeasurement()
    }
  }

  // A buy of one share through the store: the account and position read, two writes and
  // the trade row, in one write transaction through the pool's async API.
  Benchmark("SQLiteStore.execute: one buy per commit") { benchmark in
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let time = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
    let user = try await store.createUser(
      username: "bench", passwordHash: "x", startingCash: Money(cents: 100_000_000_000),
      at: time)
    let order = TradeOrder(
      symbol: "AAPL", side: .buy, shares: 1, price: Price(cents: 18_525), time: time)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try await store.execute(order, userID: user.id, idempotencyKey: nil))
    }
    benchmark.stopMeasurement()
  }

  // One minute's fills as the order engine writes them: 100 resting limit orders of 100
  // accounts filled in one `changeOrders` transaction (cash, position, order and trade row
  // each). Throughput is commits (minutes) per second; fills/s is 100 times it.
  Benchmark(
    "SQLiteStore.changeOrders: 100 fills per commit",
    configuration: .init(scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 40)
  ) { benchmark in
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let time = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
    var batches: [[OrderChange]] = []
    for batch in 0..<benchmark.scaledIterations.count {
      var changes: [OrderChange] = []
      for index in 0..<100 {
        let user = try await store.createUser(
          username: "u\(batch)-\(index)", passwordHash: "x", startingCash: 1_000_000, at: time)
        let id = UUID()
        let order = Order(
          id: id, clientOrderID: id.uuidString,
          request: OrderRequest(
            symbol: "AAPL", side: .buy, type: .limit, qty: 10, limitPrice: Price(cents: 18_500),
            timeInForce: .gtc),
          submittedAt: time)
        let stored = try await store.placeOrder(
          order, holdPrice: Price(cents: 18_500), userID: user.id)
        let fill = OrderFill(
          time: time.addingTimeInterval(60), qty: 10, price: Price(cents: 18_450))
        changes.append(
          OrderChange(
            orderID: id, userID: user.id, version: stored.version,
            update: .minute(MinuteOutcome(orderID: id, fill: fill)), time: fill.time))
      }
      batches.append(changes)
    }
    benchmark.startMeasurement()
    for changes in batches {
      blackHole(try await store.changeOrders(changes))
    }
    benchmark.stopMeasurement()
  }
}
