import Benchmark
import Foundation
import RavenCore
import RavenSimulation
import Synchronization

/// The figures DESIGN.md and the foundation issue ask for; results go to BENCHMARKS.md.
/// Run: `cd Benchmarks && swift package --allow-writing-to-package-directory benchmark`
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 200)

  let calendar = NYSECalendar()
  let universe = CompanyUniverse.builtIn()
  let now = try! Date("2026-11-20T21:00:00Z", strategy: .iso8601)
  let market = SimulatedMarket(
    seed: 0, universe: universe, calendar: calendar)

  // DESIGN.md target: LTTB of 1,000,000 points to 1,000 in ≤ 10 ms (release).
  let count = 1_000_000
  let xs = (0..<count).map(Double.init)
  let ys = (0..<count).map { (index: Int) -> Double in
    let wave: Double = 10 * sin(Double(index) / 5_000)
    return 100 + wave + Double(index % 7)
  }
  Benchmark(
    "LTTB 1,000,000 → 1,000 points",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds,
      maxDuration: .seconds(5), maxIterations: 500)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(LTTB.indices(x: xs, y: ys, threshold: 1_000))
    }
  }

  Benchmark("One year of one-minute bars for one symbol") { benchmark in
    let from = now.addingTimeInterval(-365 * 86_400)
    for _ in benchmark.scaledIterations {
      blackHole(try market.bars(for: "AAPL", resolution: .minute, from: from, to: now, asOf: now))
    }
  }

  let symbols = Array(universe.companies.prefix(500).map(\.symbol))
  Benchmark("Quotes for 500 symbols at one instant (in session)") { benchmark in
    let during = now.addingTimeInterval(-3 * 3600 - 17)
    for _ in benchmark.scaledIterations {
      blackHole(market.quotes(for: symbols, at: during))
    }
  }

  let positions = (0..<1_000).map { index in
    Position(
      symbol: Symbol("P\(index)")!,
      shares: Quantity(exact: ExactDecimal(units: Int64(index + 1) * 1_250, fractionDigits: 3)),
      totalCost: Money(cents: Int64(index + 1) * 10_007))
  }
  let ledger = Ledger(
    cash: 25_000, positions: Dictionary(uniqueKeysWithValues: positions.map { ($0.symbol, $0) }))
  let quotes = Dictionary(
    uniqueKeysWithValues: positions.enumerated().map { index, position in
      let price = Price(cents: Int64(10_000 + index * 13))
      return (
        position.symbol,
        Quote(
          symbol: position.symbol, price: price, open: price, high: price, low: price,
          previousClose: Price(cents: Int64(9_950 + index * 13)), time: now)
      )
    })
  Benchmark("Valuing a 1,000-position ledger") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(ledger.valuation(quotes: quotes))
    }
  }

  // A MAX chart's input, as the first request after start-up meets it: a new market has
  // built nothing yet (the market's and the industry's factors, the stock's series and its
  // corporate actions), and the chart asks for split-adjusted bars.
  let from2000 = try! Date("2000-01-01T00:00:00Z", strategy: .iso8601)
  Benchmark("Daily bars since 2000 for one symbol, cold: a new market each time") { benchmark in
    for _ in benchmark.scaledIterations {
      let fresh = SimulatedMarket(
        seed: 0, universe: universe, calendar: calendar)
      blackHole(
        try fresh.bars(
          for: "KO", resolution: .day, from: from2000, to: now, asOf: now, adjustment: .split))
    }
  }

  // Every symbol's splits and dividends, from a new market; the first run prints the
  // universe's figures for BENCHMARKS.md.
  Benchmark(
    "Corporate actions of every symbol, cold",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, maxDuration: .seconds(20),
      maxIterations: 5)
  ) { benchmark in
    for iteration in benchmark.scaledIterations {
      let fresh = SimulatedMarket(seed: 0, universe: universe, calendar: calendar)
      let actions = universe.companies.map { (try? fresh.corporateActions(of: $0.symbol)) ?? [] }
      if iteration == 0 { print(CorporateActionFigures(actions, universe: universe)) }
      blackHole(actions)
    }
  }

  Benchmark("A new simulated market (the part of the cold figure that is not the chart)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(
        SimulatedMarket(seed: 0, universe: universe, calendar: calendar)
      )
    }
  }

  // A running server's first MAX chart of a symbol: the factors are built, the symbol's
  // series is not. Cycling through all 506 symbols outruns the 128 series the market keeps.
  let turn = Turn()
  Benchmark("Daily bars since 2000, a symbol not asked for lately (warm market)") { benchmark in
    for _ in benchmark.scaledIterations {
      let index = turn.next() % universe.companies.count
      let symbol = universe.companies[index].symbol
      blackHole(try? market.bars(for: symbol, resolution: .day, from: from2000, to: now, asOf: now))
    }
  }

  Benchmark("Daily bars since 2000 for one symbol, asked for again (its series kept)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try market.bars(for: "KO", resolution: .day, from: from2000, to: now, asOf: now))
    }
  }

  orderMatchingBenchmarks(market: market, symbols: symbols, now: now)
}

/// A counter the benchmarks' closures can share.
final class Turn: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}
