import Benchmark
import Foundation
import GRDB
import RavenCore
import RavenStore
import RavenStoreSQLite

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
    defer { try? FileManager.default.removeItem(at: directory) }
    let pool = try rawDatabase(in: directory)
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

  // The same commit through GRDB's async API from a task, as the store makes every write:
  // what the hop to the writer's queue and back costs on its own.
  Benchmark("Raw SQLite: one-row INSERT per commit, async write from a task") { benchmark in
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-raw-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let pool = try rawDatabase(in: directory)
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      try await pool.write { db in
        try db.cachedStatement(sql: "INSERT INTO t (value) VALUES (?)")
          .execute(arguments: ["\(index)"])
      }
    }
    benchmark.stopMeasurement()
  }

  // What the schema alone costs a simple trade, at least: the statements it cannot do
  // without (the account and position read, the open orders read, the account and
  // position updates, the filled order's row with a body of its size, the trade's row),
  // with values made up front, synchronously on one connection like the raw floor.
  Benchmark("GRDB: a simple trade's statements with constant values") { benchmark in
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let time = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
    let user = try await store.createUser(
      username: "bench", passwordHash: "x", startingCash: 1_000_000, at: time)
    let account = try await store.accounts(userID: user.id)[0].id
    let first = marketBuy(at: time)
    _ = try await store.placeOrder(
      first, holdPrice: Price(cents: 18_525), accountID: account, replacing: nil,
      matched: [.wholeFill(of: first, qty: 1, accountID: account, at: Price(cents: 18_525))])
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let pool = try DatabasePool(path: store.path, configuration: configuration)
    let body = String(repeating: "x", count: 511)
    try trades(pool, accountID: account.rawValue, time: time, body: body, benchmark)
  }

  // A simple trade of one share through the store, as the ledger places it: a market order
  // filled in whole as it is placed (the account and position read, the client order ID
  // and open orders read, the order's row, its fill: two writes, the order's row again
  // and the trade row), in one write transaction through the pool's async API. Then the
  // same buy by an account with 20 open limit orders (a bot's resting book), whose holds
  // each trade checks.
  for openOrders in [0, 20] {
    let name = "SQLiteStore.placeOrder: a market buy filled as placed, one per commit"
    Benchmark(openOrders == 0 ? name : "\(name), \(openOrders) open orders") { benchmark in
      let store = try SQLiteStore.temporary()
      try await store.migrate()
      let time = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
      let user = try await store.createUser(
        username: "bench", passwordHash: "x", startingCash: Money(cents: 100_000_000_000),
        at: time)
      let account = try await store.accounts(userID: user.id)[0].id
      for index in 0..<openOrders {
        let id = UUID()
        let limit = Price(cents: 30_000 + Int64(index))
        let order = Order(
          id: id, clientOrderID: id.uuidString,
          request: OrderRequest(
            symbol: "MSFT", side: .buy, type: .limit, qty: 10, limitPrice: limit,
            timeInForce: .gtc),
          submittedAt: time)
        _ = try await store.placeOrder(order, holdPrice: limit, accountID: account)
      }
      let price = Price(cents: 18_525)
      let orders = benchmark.scaledIterations.map { _ in marketBuy(at: time) }
      benchmark.startMeasurement()
      for order in orders {
        blackHole(
          try await store.placeOrder(
            order, holdPrice: price, accountID: account, replacing: nil,
            matched: [.wholeFill(of: order, qty: 1, accountID: account, at: price)]))
      }
      benchmark.stopMeasurement()
    }
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
        let account = try await store.accounts(userID: user.id)[0].id
        let id = UUID()
        let order = Order(
          id: id, clientOrderID: id.uuidString,
          request: OrderRequest(
            symbol: "AAPL", side: .buy, type: .limit, qty: 10, limitPrice: Price(cents: 18_500),
            timeInForce: .gtc),
          submittedAt: time)
        let stored = try await store.placeOrder(
          order, holdPrice: Price(cents: 18_500), accountID: account)
        let fill = OrderFill(
          time: time.addingTimeInterval(60), qty: 10, price: Price(cents: 18_450))
        changes.append(
          OrderChange(
            orderID: id, accountID: account, version: stored.version,
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

/// The floor's trades, synchronously (GRDB's synchronous API, as the raw floor uses it).
private func trades(
  _ pool: DatabasePool, accountID: Int64, time: Date, body: String, _ benchmark: Benchmark
) throws {
  try pool.writeWithoutTransaction { db in
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations {
      let id = UUID.timeOrdered(at: time.addingTimeInterval(Double(index)))
      try db.inTransaction(.immediate) {
        _ = try Row.fetchOne(
          db.cachedStatement(
            sql: """
              SELECT a.cash, a.realized_profit, p.shares, p.total_cost FROM accounts AS a
              LEFT JOIN positions AS p ON p.account_id = a.id AND p.symbol = ?
              WHERE a.id = ?
              """), arguments: ["AAPL", accountID])
        _ = try Row.fetchAll(
          db.cachedStatement(
            sql: """
              SELECT account_id, body, hold_price, version, seq FROM orders
              WHERE account_id = ? AND is_open = 1
              """), arguments: [accountID])
        try db.cachedStatement(
          sql: "UPDATE accounts SET cash = ?, realized_profit = ? WHERE id = ?"
        ).execute(arguments: ["\(900_000 - index)", "0", accountID])
        try db.cachedStatement(
          sql: "UPDATE positions SET shares = ?, total_cost = ? WHERE account_id = ? AND symbol = ?"
        ).execute(arguments: ["\(index + 2)", "\(index * 185)", accountID, "AAPL"])
        try db.cachedStatement(
          sql: """
            INSERT INTO orders (id, account_id, client_order_id, symbol, side, status, is_open,
              hold_price, version, submitted_at, body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).execute(arguments: [
          id.uuidString, accountID, id.uuidString.lowercased(), "AAPL", "buy", "filled", false,
          "185.25", 1, index, body,
        ])
        try db.cachedStatement(
          sql: """
            INSERT INTO trades (account_id, symbol, side, shares, price, amount, realized_profit,
              cash_after, executed_at, idempotency_key, order_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).execute(arguments: [
          accountID, "AAPL", "buy", "1", "185.25", "185.25", "0", "900000", index, nil,
          id.uuidString,
        ])
        return .commit
      }
    }
    benchmark.stopMeasurement()
  }
}

/// A new database in `directory` (created), with one table `t (id, value)`: the raw floor's.
private func rawDatabase(in directory: URL) throws -> DatabasePool {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  var configuration = Configuration()
  configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
  let pool = try DatabasePool(
    path: directory.appendingPathComponent("raw.sqlite").path, configuration: configuration)
  try pool.write { db in
    try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
  }
  return pool
}

/// A market buy of one AAPL share for the day, as a simple trade places it.
private func marketBuy(at time: Date) -> Order {
  let id = UUID()
  return Order(
    id: id, clientOrderID: id.uuidString,
    request: OrderRequest(
      symbol: "AAPL", side: .buy, type: .market, qty: 1, timeInForce: .day),
    submittedAt: time)
}
