import Benchmark
import Foundation
import RavenCore
import RavenSimulation

/// Issue 12's figures: deciding one minute for 100,000 open limit orders over 500
/// symbols (DESIGN.md: ≤ 20 ms in release), and generating the minute bars it needs.
func orderMatchingBenchmarks(market: SimulatedMarket, symbols: [Symbol], now: Date) {
  // A minute in the afternoon session of 2026-11-20, its bars as the market made them.
  let minute = now.addingTimeInterval(-2 * 3600)
  let bars = Dictionary(
    uniqueKeysWithValues: symbols.compactMap { symbol -> (Symbol, Bar)? in
      let bar = try? market.bars(
        for: symbol, resolution: .minute, from: minute, to: minute.addingTimeInterval(60),
        asOf: now
      ).first
      return bar.map { (symbol, $0) }
    })
  // 200 resting limit orders per symbol, each for 1 to 100 shares: buys up to 2 % under
  // the minute's open, sells up to 2 % over it (an order across the price would have
  // filled when placed, so a resting book does not hold it). The minute's range reaches
  // the few nearest the price.
  var random = SystemRandomNumberGenerator()
  var orders: [RestingOrder] = []
  for (symbol, bar) in bars {
    for index in 0..<200 {
      let side: TradeSide = index.isMultiple(of: 2) ? .buy : .sell
      let distance = Int64.random(in: 1...200, using: &random)
      let offset = side == .buy ? -distance : distance
      let cents = (bar.open.exact * ExactDecimal(units: 10_000 + offset, fractionDigits: 4))
        .rounded(toFractionDigits: 2)
      orders.append(
        RestingOrder(
          id: UUID(), symbol: symbol, side: side, type: .limit, limitPrice: Price(exact: cents),
          timeInForce: .gtc, remaining: Quantity(Int.random(in: 1...100, using: &random)),
          wholeShares: true, eligibleFrom: minute.addingTimeInterval(-3600),
          submittedAt: minute.addingTimeInterval(-3600)))
    }
  }
  let book = OrderBook(orders)
  let matcher = MinuteMatcher()

  Benchmark(
    "Matching one minute: 100,000 open limit orders over 500 symbols",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .milliseconds,
      maxDuration: .seconds(5), maxIterations: 200)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      var fills = 0
      for (symbol, bar) in bars {
        let outcomes = matcher.match(
          book.candidates(for: symbol, in: bar), in: MarketMinute(bar: bar))
        fills += outcomes.count { $0.fill != nil }
      }
      blackHole(fills)
    }
  }

  Benchmark(
    "One minute's bars for 500 symbols",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, maxDuration: .seconds(5),
      maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      for symbol in symbols {
        blackHole(
          try? market.bars(
            for: symbol, resolution: .minute, from: minute, to: minute.addingTimeInterval(60),
            asOf: now))
      }
    }
  }

  Benchmark(
    "Building the order book: 100,000 open limit orders",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
      maxDuration: .seconds(5), maxIterations: 50)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(OrderBook(orders).count)
    }
  }
}
