import Foundation
import PropertyBased
import RavenCore
import Testing

/// A margin account's trades: buys past the cash, short sales, covers, and trades that
/// cross from one side to the other (issue 33: "the books stay exact").
private struct MarginStep: Sendable, CustomStringConvertible {
  var side: TradeSide
  var symbol: Symbol
  var shares: Quantity
  var price: Price

  var description: String { "\(side) \(shares) \(symbol) @ \(price)" }
}

private let symbols: [Symbol] = ["AAPL", "SPY", "TQQQ"]

private let marginSteps = zip(
  Gen.bool, Gen.int(in: 0...2), Gen.int64(in: 1...200_000), Gen.int64(in: 1...90_000)
).map { isBuy, symbolIndex, milliShares, cents in
  MarginStep(
    side: isBuy ? .buy : .sell, symbol: symbols[symbolIndex],
    shares: Quantity(exact: ExactDecimal(units: milliShares, fractionDigits: 3)),
    price: Price(cents: cents))
}.array(of: 1...60)

/// Leveraged funds at their multiple; the rest ordinary.
private struct Terms: SecurityTermsSource {
  func terms(of symbol: Symbol) -> SecurityTerms {
    SecurityTerms(easyToBorrow: true, leverage: symbol == "TQQQ" ? 3 : 1)
  }
}

@Suite("Ledger properties on margin")
struct LedgerMarginPropertyTests {
  private let start = Money(dollars: 25_000)
  private let time = Date(timeIntervalSince1970: 1_763_400_000)

  @Test("Cash + cost basis − realized profit is conserved through shorts, covers and crossings")
  func conservation() async {
    await propertyCheck(count: 300, input: marginSteps) { steps in
      var ledger = Ledger(cash: start)
      for step in steps {
        try ledger.execute(
          step.side, step.shares, of: step.symbol, at: step.price, time: time, margin: true)
        let basis = ledger.positions.values.reduce(Money.zero) { $0 + $1.totalCost }
        #expect(ledger.cash + basis - ledger.realizedProfit == start)
        #expect(ledger.cash.exact.significantFractionDigits <= 2)
        // A long position costs something, a short one brought something in.
        #expect(
          ledger.positions.values.allSatisfy {
            !$0.shares.isZero && $0.shares.isNegative == $0.totalCost.isNegative
              || $0.totalCost.isZero
          })
      }
    }
  }

  @Test("Closing every position, long or short, books exactly the cash moved as profit")
  func closeEverything() async {
    await propertyCheck(count: 200, input: marginSteps) { steps in
      var ledger = Ledger(cash: start)
      var moved = Money.zero
      for step in steps {
        let trade = try ledger.execute(
          step.side, step.shares, of: step.symbol, at: step.price, time: time, margin: true)
        moved += trade.side == .sell ? trade.amount : -trade.amount
      }
      for position in ledger.positions.values {
        let side: TradeSide = position.shares.isNegative ? .buy : .sell
        let trade = try ledger.execute(
          side, position.shares.magnitude, of: position.symbol, at: Price(cents: 12_345),
          time: time, margin: true)
        moved += trade.side == .sell ? trade.amount : -trade.amount
      }
      #expect(ledger.positions.isEmpty)
      #expect(ledger.realizedProfit == moved)
      #expect(ledger.cash == start + moved)
    }
  }

  @Test("Equity is cash plus long less short at any prices, and the figures reconcile")
  func figuresReconcile() async {
    await propertyCheck(count: 200, input: marginSteps) { steps in
      var ledger = Ledger(cash: start)
      for step in steps {
        try ledger.execute(
          step.side, step.shares, of: step.symbol, at: step.price, time: time, margin: true)
      }
      let prices: [Symbol: Price] = ["AAPL": Price(cents: 18_795), "SPY": Price(cents: 60_012)]
      let figures = MarginFigures(
        cash: ledger.cash, positions: ledger.positions.values, prices: prices, terms: Terms())
      let valued = ledger.positions.values.map {
        $0.marketValue(at: prices[$0.symbol] ?? $0.averageCost)
      }
      #expect(figures.longMarketValue == valued.filter { !$0.isNegative }.reduce(.zero, +))
      #expect(figures.shortMarketValue == valued.filter(\.isNegative).reduce(.zero, +))
      #expect(figures.equity == ledger.cash + valued.reduce(.zero, +))
      #expect(figures.maintenanceMargin <= figures.initialMargin + figures.initialMargin)
      #expect(!figures.initialMargin.isNegative && !figures.maintenanceMargin.isNegative)
    }
  }
}

@Suite("Margin figures and buying power")
struct MarginFiguresTests {
  private let time = Date(timeIntervalSince1970: 1_763_400_000)

  @Test("A short sale adds its proceeds to cash and opens a negative position; a cover realizes")
  func shortAndCover() throws {
    var ledger = Ledger(cash: Money(dollars: 1_000))
    try ledger.execute(.sell, 10, of: "AAPL", at: Price(cents: 10_000), time: time, margin: true)
    #expect(ledger.cash == Money(dollars: 2_000))
    #expect(ledger.shares(of: "AAPL") == -10)
    #expect(ledger.position(for: "AAPL")?.totalCost == Money(dollars: -1_000))
    #expect(ledger.position(for: "AAPL")?.averageCost == Price(cents: 10_000))
    let cover = try ledger.execute(
      .buy, 4, of: "AAPL", at: Price(cents: 9_000), time: time, margin: true)
    #expect(cover.realizedProfit == Money(dollars: 40))
    #expect(ledger.shares(of: "AAPL") == -6)
    #expect(ledger.position(for: "AAPL")?.totalCost == Money(dollars: -600))
    // Crossing: buys back the 6 short and opens 4 long, in one trade.
    let cross = try ledger.execute(
      .buy, 10, of: "AAPL", at: Price(cents: 11_000), time: time, margin: true)
    #expect(cross.realizedProfit == Money(dollars: -60))
    #expect(ledger.shares(of: "AAPL") == 4)
    #expect(ledger.position(for: "AAPL")?.totalCost == Money(dollars: 440))
    #expect(ledger.realizedProfit == Money(dollars: -20))
    // A cash account still refuses a sale of shares not held.
    #expect(throws: TradeError.insufficientShares) {
      try ledger.execute(.sell, 5, of: "AAPL", at: Price(cents: 11_000), time: time)
    }
  }

  @Test("Reg T: 2× the equity above 50 %, 4× above maintenance from $25,000, 1× under $2,000")
  func buyingPower() {
    let long = Position(symbol: "AAPL", shares: 100, totalCost: Money(dollars: 20_000))
    let short = Position(symbol: "TQQQ", shares: -100, totalCost: Money(dollars: -5_000))
    struct Terms: SecurityTermsSource {
      func terms(of symbol: Symbol) -> SecurityTerms {
        SecurityTerms(easyToBorrow: true, leverage: symbol == "TQQQ" ? 3 : 1)
      }
    }
    let figures = MarginFigures(
      cash: Money(dollars: 10_000), positions: [long, short],
      prices: ["AAPL": Price(cents: 20_000), "TQQQ": Price(cents: 5_000)], terms: Terms())
    #expect(figures.longMarketValue == Money(dollars: 20_000))
    #expect(figures.shortMarketValue == Money(dollars: -5_000))
    #expect(figures.equity == Money(dollars: 25_000))
    // 50 % of 20,000 + min(150 %, 100 %) of 5,000.
    #expect(figures.initialMargin == Money(dollars: 15_000))
    // 25 % of 20,000 + 90 % of 5,000.
    #expect(figures.maintenanceMargin == Money(dollars: 9_500))
    var settings = AccountSettings().withMargin(true)
    let four = settings.buyingPower(figures, lastEquity: Money(dollars: 25_000))
    #expect(four.multiplier == 4 && four.total == Money(dollars: 62_000))
    let two = settings.buyingPower(figures, lastEquity: Money(dollars: 24_999))
    #expect(two.multiplier == 2 && two.total == Money(dollars: 20_000))
    settings.maxMarginMultiplier = 1
    let cash = settings.buyingPower(figures, lastEquity: Money(dollars: 25_000))
    #expect(cash.multiplier == 1 && cash.total == Money(dollars: 10_000))
    let poor = MarginFigures(
      cash: Money(dollars: 1_999), positions: [], prices: [:], terms: Terms())
    let small = AccountSettings().withMargin(true).buyingPower(poor, lastEquity: .zero)
    #expect(small.multiplier == 1 && !small.allowsShorting)
    #expect(!figures.isBelowMaintenance)
  }
}
