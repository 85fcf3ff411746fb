import Foundation
import PropertyBased
import RavenCore
import Testing

/// One step a person might try: buy or sell some shares of one of a few stocks.
private struct Step: Sendable, CustomStringConvertible {
  var side: TradeSide
  var symbol: Symbol
  var shares: Quantity
  var price: Price

  var description: String { "\(side) \(shares) \(symbol) @ \(price)" }
}

private let symbols: [Symbol] = ["AAPL", "MSFT", "NVDA"]

private let steps = zip(
  Gen.bool, Gen.int(in: 0...2), Gen.int64(in: 1...40_000_000), Gen.int64(in: 1...90_000)
).map { isBuy, symbolIndex, microShares, cents in
  Step(
    side: isBuy ? .buy : .sell, symbol: symbols[symbolIndex],
    shares: Quantity(exact: ExactDecimal(units: microShares, fractionDigits: 6)),
    price: Price(cents: cents))
}.array(of: 1...60)

@Suite("Ledger properties")
struct LedgerPropertyTests {
  private let start = Money(dollars: 25_000)
  private let time = Date(timeIntervalSince1970: 1_763_400_000)

  @Test("Cash + cost basis − realized profit is conserved, and nothing goes negative")
  func conservation() async {
    await propertyCheck(count: 200, input: steps) { steps in
      var ledger = Ledger(cash: start)
      for step in steps {
        let before = ledger
        do {
          try ledger.execute(step.side, step.shares, of: step.symbol, at: step.price, time: time)
        } catch {
          #expect(ledger == before, "a refused trade changed the ledger")
        }
        let basis = ledger.positions.values.reduce(Money.zero) { $0 + $1.totalCost }
        #expect(ledger.cash + basis - ledger.realizedProfit == start)
        #expect(!ledger.cash.isNegative)
        #expect(
          ledger.positions.values.allSatisfy { $0.shares.isPositive && !$0.totalCost.isNegative })
        #expect(ledger.cash.exact.significantFractionDigits <= 2)
      }
    }
  }

  @Test("Selling everything books exactly proceeds − costs as realized profit")
  func sellEverything() async {
    await propertyCheck(count: 200, input: steps) { steps in
      var ledger = Ledger(cash: start)
      var moved = Money.zero  // proceeds − costs of every executed trade
      for step in steps {
        if let trade = try? ledger.execute(
          step.side, step.shares, of: step.symbol, at: step.price, time: time)
        {
          moved += trade.side == .sell ? trade.amount : -trade.amount
        }
      }
      for position in ledger.positions.values {
        let trade = try ledger.execute(
          .sell, position.shares, of: position.symbol, at: Price(cents: 12_345), time: time)
        moved += trade.amount
      }
      #expect(ledger.positions.isEmpty)
      #expect(ledger.realizedProfit == moved)
      #expect(ledger.cash == start + moved)
    }
  }

  @Test("Replaying the recorded trades rebuilds the same ledger")
  func replay() async {
    await propertyCheck(count: 100, input: steps) { steps in
      var ledger = Ledger(cash: start)
      var trades: [Trade] = []
      for step in steps {
        if let trade = try? ledger.execute(
          step.side, step.shares, of: step.symbol, at: step.price, time: time)
        {
          trades.append(trade)
        }
      }
      #expect(Ledger(startingCash: start, replaying: trades) == ledger)
    }
  }
}
