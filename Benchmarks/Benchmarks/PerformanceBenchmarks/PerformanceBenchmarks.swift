import Benchmark
import Foundation
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite

/// Issue 35's figure: reading an account's whole history with its performance against SPY
/// (`GET /api/v1/portfolio/performance?range=ALL` without HTTP) for an account of 1,000
/// trades, their splits and dividends, and a few transfers over five years. Goal ≤ 50 ms.
/// Run: `cd Benchmarks && swift package benchmark --target PerformanceBenchmarks`
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 100)

  let calendar = NYSECalendar()
  let now = try! Date("2026-11-20T21:00:00Z", strategy: .iso8601)
  let market = SimulatedMarket(seed: 0, calendar: calendar)
  let account = try! blockingSetUp { try await BusyAccount.make(market: market, now: now) }

  Benchmark("Performance over ALL: 1,000 trades in 5 years, through a warm gateway") {
    benchmark in
    let gateway = MarketGateway(
      upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: FixedWallClock(now))
    _ = try await account.performance(gateway: gateway, calendar: calendar, now: now)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try await account.performance(gateway: gateway, calendar: calendar, now: now))
    }
  }

  // What the time goes to: the store's reads alone, and the figures alone.
  Benchmark("Performance over ALL, its parts: the store's reads (trades, bookings, transfers)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try await account.store.tradeHistory(accountID: account.accountID))
      blackHole(try await account.store.corporateActionBookings(accountID: account.accountID))
      blackHole(try await account.store.transfers(accountID: account.accountID))
    }
  }

  let warm = MarketGateway(
    upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: FixedWallClock(now))
  let samples = try! blockingSetUp {
    try await account.samples(gateway: warm, calendar: calendar, now: now)
  }
  print(
    "The account: \(samples.count) points (trades, bookings and transfers as the store holds them"
      + " are printed by its set-up)")
  Benchmark("Performance over ALL, its parts: the figures from the points") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(PerformanceReport(samples: samples, benchmarkLevels: samples.map { _ in 1.0 }))
    }
  }

  Benchmark("Performance over ALL: 1,000 trades in 5 years, a new gateway each time") {
    benchmark in
    for _ in benchmark.scaledIterations {
      let gateway = MarketGateway(
        upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: FixedWallClock(now))
      blackHole(try await account.performance(gateway: gateway, calendar: calendar, now: now))
    }
  }
}

/// Runs async set-up work from the synchronous benchmark registration.
func blockingSetUp<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var result: Result<T, any Error>!
  Task {
    do { result = .success(try await work()) } catch { result = .failure(error) }
    done.signal()
  }
  done.wait()
  return try result.get()
}
