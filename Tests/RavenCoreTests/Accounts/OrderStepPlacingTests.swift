import Foundation
import RavenCore
import Testing

@Suite("An order's own changes as it is placed")
struct OrderStepPlacingTests {
  let time = Date(timeIntervalSince1970: 1_763_650_000)
  let user = UserID(1)
  let account = AccountID(1)

  func placed(_ side: TradeSide, _ qty: Quantity) -> StoredOrder {
    let order = Order(
      id: UUID(), clientOrderID: "c",
      request: OrderRequest(symbol: "AAPL", side: side, type: .market, qty: qty, timeInForce: .day),
      submittedAt: time)
    return StoredOrder(
      accountID: account, userID: user, order: order, holdPrice: Price("100.00")!, version: 1,
      sequence: 0)
  }

  @Test("A whole fill makes one trade, the order filled, the account after it")
  func wholeFill() throws {
    let stored = placed(.buy, 3)
    let ledger = Ledger(cash: Money("1000.00")!, positions: [:], realizedProfit: .zero)
    let (order, trades) = try OrderStep.placing(
      [.wholeFill(of: stored.order, qty: 3, accountID: account, at: Price("100.00")!)],
      to: stored, ledger: ledger, heldByOthers: .zero)
    #expect(order.order.status == .filled && order.version == 2)
    #expect(order.order.filledQty == 3 && order.order.filledAvgPrice == Price("100.00"))
    #expect(trades.map(\.cash) == [Money("700.00")!])
    #expect(trades.first?.position == Position(symbol: "AAPL", shares: 3, totalCost: 300))
  }

  @Test("A change worked out from another version, or for an ended order, is skipped")
  func skipsStaleChanges() throws {
    let stored = placed(.sell, 2)
    let ledger = Ledger(
      cash: .zero, positions: ["AAPL": Position(symbol: "AAPL", shares: 5, totalCost: 400)],
      realizedProfit: .zero)
    let fill = OrderChange.wholeFill(
      of: stored.order, qty: 2, accountID: account, at: Price("90.00")!)
    // The same change twice: the second was worked out from version 1, now 2.
    let (order, trades) = try OrderStep.placing(
      [fill, fill], to: stored, ledger: ledger, heldByOthers: .zero)
    #expect(order.version == 2 && trades.count == 1)
    #expect(trades[0].cash == Money("180.00")! && trades[0].realizedProfit == Money("20.00")!)
    #expect(trades[0].position?.shares == 3)
    // Another order's change is not this one's.
    var other = fill
    other.orderID = UUID()
    #expect(
      try OrderStep.placing([other], to: stored, ledger: ledger, heldByOthers: .zero).trades
        .isEmpty)
  }
}
