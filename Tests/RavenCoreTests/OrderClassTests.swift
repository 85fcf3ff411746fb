import Foundation
import RavenCore
import Testing

/// Brackets, OCO and OTO (issue 33, point 5): what a request must carry, the legs it
/// places, and what one order's end does to the others of its group.
@Suite("Order classes")
struct OrderClassTests {
  let time = Date(timeIntervalSince1970: 1_763_650_800)

  func bracket(
    _ side: TradeSide = .buy, profit: String = "110", stop: String = "90",
    stopLimit: String? = nil, type: OrderType = .market, limit: String? = nil
  ) -> OrderRequest {
    OrderRequest(
      symbol: "AAPL", side: side, type: type, qty: 10, limitPrice: limit.flatMap(Price.init),
      timeInForce: .gtc, orderClass: "bracket",
      exits: OrderExits(
        takeProfit: Price(profit),
        stopLoss: OrderExits.StopLoss(
          stopPrice: Price(stop)!, limitPrice: stopLimit.flatMap(Price.init))))
  }

  @Test("A bracket needs both exits on the profitable sides, whole shares, day or gtc")
  func validation() throws {
    try bracket().validate()
    try bracket(.sell, profit: "90", stop: "110").validate()
    try bracket(stopLimit: "89.50").validate()
    let refused: [OrderRequest] = [
      bracket(profit: "90", stop: "110"),
      bracket(.sell, profit: "110", stop: "90"),
      bracket(stopLimit: "90.50"),
      {
        var request = bracket(type: .stop)
        request.stopPrice = Price("95")
        return request
      }(),
      {
        var request = bracket()
        request.qty = Quantity("1.5")
        request.timeInForce = .day
        return request
      }(),
      {
        var request = bracket()
        request.timeInForce = .ioc
        return request
      }(),
      {
        var request = bracket()
        request.exits?.stopLoss = nil
        return request
      }(),
      {
        var request = OrderRequest(
          symbol: "AAPL", side: .buy, type: .market, qty: 1, timeInForce: .day)
        request.exits = OrderExits(takeProfit: Price("110"))
        return request
      }(),
    ]
    for request in refused {
      #expect(throws: OrderError.invalidExits, "\(request)") { try request.validate() }
    }
    // Against the price placed at: a take-profit a cent above, a stop a cent below.
    try bracket().checkExits(at: Price("100")!)
    #expect(throws: OrderError.exitAcrossEntry) { try bracket().checkExits(at: Price("110")!) }
    #expect(throws: OrderError.exitAcrossEntry) { try bracket().checkExits(at: Price("89.99")!) }
    try bracket(type: .limit, limit: "95").checkExits(at: Price("120")!)
  }

  @Test("A bracket's legs: held exits on the other side; the stop shares the take-profit's hold")
  func legs() throws {
    let request = bracket(stopLimit: "89.50")
    var ids = [UUID(), UUID()].makeIterator()
    let entry = Order(id: UUID(), clientOrderID: "entry", request: request, submittedAt: time)
    let legs = try request.legs(of: entry) { ids.next()! }
    #expect(legs.count == 2)
    let (profit, stop) = (legs[0], legs[1])
    #expect(profit.side == .sell && profit.type == .limit && profit.limitPrice == Price("110"))
    #expect(stop.type == .stopLimit && stop.stopPrice == Price("90"))
    #expect(stop.limitPrice == Price("89.50"))
    #expect(legs.allSatisfy { $0.status == .held && $0.parentID == entry.id && $0.qty == 10 })
    #expect(legs.allSatisfy { $0.intent == .sellToClose && $0.orderClass == .bracket })
    #expect(profit.sharesHeldByPair == nil && stop.sharesHeldByPair == true)
    let holds = legs.map {
      StoredOrder(
        accountID: 1, userID: 1, order: $0, holdPrice: Price("110")!, version: 1, sequence: 0
      ).hold
    }
    #expect(holds.allSatisfy { $0.shares == .zero && $0.cash == .zero })
  }

  @Test("The entry filled makes its exits active; one exit filled cancels the other")
  func cascade() throws {
    let request = bracket()
    var entry = Order(id: UUID(), clientOrderID: "e", request: request, submittedAt: time)
    var ids = [UUID(), UUID()].makeIterator()
    let legs = try request.legs(of: entry) { ids.next()! }
    entry.legs = legs.map(\.id)
    func stored(_ order: Order) -> StoredOrder {
      StoredOrder(
        accountID: 1, userID: 1, order: order, holdPrice: Price("100")!, version: 1, sequence: 0)
    }
    var filled = entry
    filled.record(
      MinuteOutcome(
        orderID: entry.id, fill: OrderFill(time: time, qty: 10, price: Price("100")!)),
      applied: AppliedFill(
        trade: Trade(
          symbol: "AAPL", side: .buy, shares: 10, price: Price("100")!, amount: 1_000,
          realizedProfit: .zero, time: time), cutShort: false),
      at: time)
    let activated = OrderCascade.changes(
      after: stored(filled), wasOpen: true, group: legs.map(stored), at: time)
    #expect(activated.map(\.update) == [.activate(qty: 10), .activate(qty: 10)])

    var profit = legs[0]
    profit.activate(qty: 10, at: time)
    var stop = legs[1]
    stop.activate(qty: 10, at: time)
    // Canceled by its owner (or filled): the stop goes with it.
    var ended = profit
    ended.end(.canceled, at: time, reason: nil)
    let canceled = OrderCascade.changes(
      after: stored(ended), wasOpen: true, group: [stored(filled), stored(profit), stored(stop)],
      at: time)
    #expect(canceled.map(\.orderID) == [stop.id])
    #expect(canceled.first?.update == .end(.canceled, reason: OrderCascade.reason))

    // An entry that ends with nothing filled takes its exits with it.
    var expired = entry
    expired.end(.expired, at: time, reason: nil)
    let gone = OrderCascade.changes(
      after: stored(expired), wasOpen: true, group: legs.map(stored), at: time)
    #expect(gone.allSatisfy { $0.update == .end(.canceled, reason: OrderCascade.reason) })
    #expect(gone.count == 2)
  }
}
