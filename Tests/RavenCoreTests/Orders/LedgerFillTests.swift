import Foundation
import RavenCore
import Testing

@Suite("Applying a fill to the books")
struct LedgerFillTests {
  let time = Date(timeIntervalSince1970: 1_763_476_200)

  @Test("A buy filling through a gap takes only what the free cash covers, and says so")
  func gapBuy() {
    var ledger = Ledger(cash: Money(dollars: 1_000))
    let applied = ledger.apply(
      OrderFill(time: time, qty: 10, price: Price("120.00")!), side: .buy, symbol: "AAPL",
      wholeShares: true, heldByOthers: Money(dollars: 300))
    #expect(applied.trade?.shares == 5)
    #expect(applied.cutShort)
    #expect(ledger.cash == Money(dollars: 400))
  }

  @Test("A fractional buy is cut to nine places, its cost never over the cash")
  func fractionalCut() {
    var ledger = Ledger(cash: Money("10.00")!)
    let applied = ledger.apply(
      OrderFill(time: time, qty: Quantity("1.5")!, price: Price("7.77")!), side: .buy,
      symbol: "KO", wholeShares: false)
    #expect(applied.cutShort)
    #expect(applied.trade?.shares == Quantity("1.287001287"))
    #expect(!ledger.cash.isNegative)
  }

  @Test("A fill that fits leaves the order's hold for its rest")
  func fits() {
    var ledger = Ledger(cash: Money(dollars: 1_000))
    let applied = ledger.apply(
      OrderFill(time: time, qty: 2, price: Price("100.00")!), side: .buy, symbol: "AAPL",
      wholeShares: true, holdAfter: Money(dollars: 800))
    #expect(!applied.cutShort)
    #expect(ledger.cash == Money(dollars: 800))
  }
}
