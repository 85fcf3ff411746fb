import Foundation
import PropertyBased
import RavenCore
import Testing

@Suite("Order engine properties")
struct OrderPropertyTests {
  /// Random order streams on random bars, run minute by minute.
  func run(seed: Int64) -> OrderScenario {
    let matcher = MinuteMatcher()
    var scenario = OrderScenario(seed: seed)
    let start =
      scenario.ledger.cash + scenario.ledger.positions.values.reduce(.zero) { $0 + $1.totalCost }
    for minute in 0..<90 {
      // Orders placed during a minute fill in what is left of it; the minute is matched
      // for the older orders at its end.
      for _ in 0..<scenario.random.int(0...4) { scenario.place(at: minute, matcher: matcher) }
      scenario.match(minute: minute, matcher: matcher)
      let ledger = scenario.ledger
      let basis = ledger.positions.values.reduce(Money.zero) { $0 + $1.totalCost }
      if ledger.cash + basis - ledger.realizedProfit != start {
        scenario.violations.append("cash and positions not conserved at minute \(minute)")
      }
      if (ledger.cash - scenario.heldCash).isNegative {
        scenario.violations.append("negative buying power at minute \(minute)")
      }
      for symbol in OrderScenario.symbols
      where scenario.heldShares(symbol) > ledger.shares(of: symbol) {
        scenario.violations.append("\(symbol) shares sold twice at minute \(minute)")
      }
    }
    return scenario
  }

  @Test("No fill outside its minute's range, and no limit fill worse than its limit")
  func honestPrices() async {
    await propertyCheck(count: 60, input: Gen.int64(in: 0...Int64.max)) { seed in
      let scenario = run(seed: seed)
      #expect(scenario.violations == [])
      for (order, fill, bar) in scenario.fills {
        #expect(fill.price >= bar.low && fill.price <= bar.high, "\(order.type) outside its minute")
        #expect(fill.time == bar.time)
        if let limit = order.limitPrice {
          #expect(order.side == .buy ? fill.price <= limit : fill.price >= limit)
        }
        #expect(fill.qty.isPositive)
        if order.qty?.isWhole == true { #expect(fill.qty.isWhole) }
      }
    }
  }

  @Test("Each order's fills sum to its filled quantity, never past what it asked")
  func fillsAddUp() async {
    await propertyCheck(count: 60, input: Gen.int64(in: 0...Int64.max)) { seed in
      let scenario = run(seed: seed)
      for order in scenario.orders.values {
        #expect(order.fills.reduce(.zero) { $0 + $1.qty } == order.filledQty)
        #expect(order.filledQty <= order.qty ?? .zero || order.fills.isEmpty)
        #expect((order.status == .filled) == (order.qty.map { order.filledQty == $0 } ?? false))
        #expect(order.events.first?.status == .new)
        #expect(order.events.last?.status == order.status)
      }
    }
  }

  @Test(
    "Volume is shared: each side's orders on a symbol take at most a tenth of a minute's volume")
  func participation() async {
    await propertyCheck(count: 60, input: Gen.int64(in: 0...Int64.max)) { seed in
      let scenario = run(seed: seed)
      var taken: [String: ExactDecimal] = [:]
      for (order, fill, _) in scenario.fills {
        taken["\(order.symbol) \(order.side) \(fill.time)", default: .zero] += fill.qty.exact
      }
      for (key, qty) in taken {
        let parts = key.split(separator: " ", maxSplits: 2)
        let bar = scenario.bars[Symbol(String(parts[0]))!]!.first { "\($0.time)" == parts[2] }!
        let cap =
          ExactDecimal(units: bar.volume, fractionDigits: 0) * MinuteMatcher.defaultParticipation
        #expect(qty <= cap, "\(key) took \(qty) of \(bar.volume)")
      }
    }
  }
}
