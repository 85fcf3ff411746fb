import Foundation
import RavenCore
import Testing

@Suite("Ledger")
struct LedgerTests {
  private let time = Date(timeIntervalSince1970: 1_763_400_000)

  @Test("Buying takes the cost from cash and builds the position")
  func buy() throws {
    var ledger = Ledger(cash: 25_000)
    let trade = try ledger.execute(.buy, 3, of: "AAPL", at: Price("187.95")!, time: time)
    #expect(trade.amount == Money("563.85"))
    #expect(ledger.cash == Money("24436.15"))
    let position = try #require(ledger.position(for: "AAPL"))
    #expect(position.shares == 3)
    #expect(position.totalCost == Money("563.85"))
    #expect(position.averageCost == Price("187.95"))
  }

  @Test("Average cost, market value and change from cost")
  func averageCost() throws {
    var ledger = Ledger(cash: 25_000)
    try ledger.execute(.buy, 2, of: "AAPL", at: Price("100")!, time: time)
    try ledger.execute(.buy, 1, of: "AAPL", at: Price("130")!, time: time)
    let position = try #require(ledger.position(for: "AAPL"))
    #expect(position.averageCost == Price("110"))
    #expect(position.marketValue(at: Price("120")!) == Money("360"))
    #expect(position.changeFromCost(at: Price("120")!) == Money("30"))
    #expect(position.changeFromCostPercent(at: Price("120")!).description == "9.09")
    #expect(position.changeFromCost(at: Price("100")!) == Money("-30"))
  }

  @Test("A sale realizes profit against the average cost")
  func realizedProfit() throws {
    var ledger = Ledger(cash: 25_000)
    try ledger.execute(.buy, 2, of: "AAPL", at: Price("100")!, time: time)
    try ledger.execute(.buy, 2, of: "AAPL", at: Price("200")!, time: time)
    let sale = try ledger.execute(.sell, 1, of: "AAPL", at: Price("180")!, time: time)
    #expect(sale.amount == Money("180"))
    #expect(sale.realizedProfit == Money("30"))  // sold at 180, average cost 150
    #expect(ledger.position(for: "AAPL")?.totalCost == Money("450"))
    #expect(ledger.position(for: "AAPL")?.averageCost == Price("150"))
    #expect(ledger.realizedProfit == Money("30"))
  }

  @Test("Refusals leave the ledger as it was")
  func refusals() throws {
    var ledger = Ledger(cash: 100)
    #expect(throws: TradeError.insufficientFunds) {
      try ledger.execute(.buy, 1, of: "AAPL", at: Price("100.01")!, time: time)
    }
    #expect(throws: TradeError.insufficientShares) {
      try ledger.execute(.sell, 1, of: "AAPL", at: Price("10")!, time: time)
    }
    #expect(throws: TradeError.nonPositiveBuy) {
      try ledger.execute(.buy, 0, of: "AAPL", at: Price("10")!, time: time)
    }
    #expect(throws: TradeError.noPrice) {
      try ledger.execute(.buy, 1, of: "AAPL", at: .zero, time: time)
    }
    #expect(ledger == Ledger(cash: 100))
    try ledger.execute(.buy, 1, of: "AAPL", at: Price("100")!, time: time)
    #expect(ledger.cash == .zero)
  }

  @Test("Fractional shares: cost rounds up, proceeds round down, to the cent")
  func fractionalRounding() throws {
    var ledger = Ledger(cash: 10)
    let buy = try ledger.execute(
      .buy, Quantity("0.000001")!, of: "AAPL", at: Price("1")!, time: time)
    #expect(buy.amount == Money("0.01"))
    let sell = try ledger.execute(
      .sell, Quantity("0.000001")!, of: "AAPL", at: Price("1")!, time: time)
    #expect(sell.amount == Money("0.00"))
    #expect(sell.realizedProfit == Money("-0.01"))
    #expect(ledger.cash == Money("9.99"))
  }

  @Test("Valuation: net worth, order, day change and unpriced positions")
  func valuation() throws {
    var ledger = Ledger(cash: 1_000)
    try ledger.execute(.buy, 2, of: "AAPL", at: Price("100")!, time: time)
    try ledger.execute(.buy, 1, of: "MSFT", at: Price("300")!, time: time)
    try ledger.execute(.buy, 1, of: "ZZZ", at: Price("50")!, time: time)
    let quotes: [Symbol: Quote] = [
      "AAPL": Quote(
        symbol: "AAPL", price: Price("110")!, open: Price("104")!, high: Price("111")!,
        low: Price("103")!, previousClose: Price("105")!, time: time),
      "MSFT": Quote(
        symbol: "MSFT", price: Price("290")!, open: Price("300")!, high: Price("301")!,
        low: Price("289")!, previousClose: Price("300")!, time: time),
    ]
    let valuation = ledger.valuation(quotes: quotes, order: ["MSFT"])
    #expect(valuation.positions.map(\.symbol) == ["MSFT", "AAPL", "ZZZ"])
    #expect(valuation.cash == Money("450"))
    #expect(valuation.marketValue == Money("560"))  // 290 + 220 + 50 at cost
    #expect(valuation.netWorth == Money("1010"))
    let apple = valuation.positions[1]
    #expect(apple.dayChange == Money("10"))
    #expect(apple.dayChangePercent.description == "4.76")
    #expect(apple.changeFromCost == Money("20"))
    #expect(valuation.positions[2].isPriced == false)
  }
}
