import Foundation
import RavenCore
import Testing

/// What splits and dividends do to positions and open orders (issue 34): shares × ratio
/// with the cost unchanged, dividends rounded down to the cent, orders re-priced as FINRA
/// Rule 5330 has it.
@Suite("Corporate action booking")
struct CorporateActionBookingTests {
  let time = Date(timeIntervalSince1970: 1_763_650_800)
  let day = MarketDate("2026-06-01")!

  func action(_ kind: CorporateAction.Kind, _ symbol: Symbol = "AAPL") -> CorporateAction {
    CorporateAction(
      symbol: symbol, kind: kind, declarationDate: day.adding(days: -30), exDate: day,
      recordDate: day, payableDate: day.adding(days: 14))
  }

  func order(
    _ side: TradeSide, _ type: OrderType, qty: String = "10", limit: String? = nil,
    stop: String? = nil, trail: String? = nil, trailPercent: String? = nil,
    notional: String? = nil
  ) -> Order {
    Order(
      id: UUID(), clientOrderID: "o",
      request: OrderRequest(
        symbol: "AAPL", side: side, type: type, qty: notional == nil ? Quantity(qty) : nil,
        notional: notional.flatMap(Money.init), limitPrice: limit.flatMap(Price.init),
        stopPrice: stop.flatMap(Price.init), trailPrice: trail.flatMap(Price.init),
        trailPercent: trailPercent.flatMap(ExactDecimal.init), timeInForce: .gtc),
      submittedAt: time)
  }

  func adjusted(_ order: Order, _ kind: CorporateAction.Kind) throws -> Order {
    guard case .adjusted(let changed) = order.adjustment(for: action(kind)) else {
      Issue.record("\(order.type) was not adjusted")
      return order
    }
    return changed
  }

  @Test("A split multiplies a position's shares, a short's too, and keeps its cost")
  func positionSplit() {
    let ratio = SplitRatio(new: 4, old: 1)!
    let long = Position(symbol: "AAPL", shares: Quantity("2.5")!, totalCost: Money("500.00")!)
    let split = long.split(ratio)
    #expect(split.shares == Quantity("10")!)
    #expect(split.totalCost == long.totalCost)
    #expect(split.averageCost == Price("50")!)
    let short = Position(symbol: "AAPL", shares: Quantity("-3")!, totalCost: Money("-300.00")!)
    #expect(short.split(ratio).shares == Quantity("-12")!)
    // A reverse split keeps the fraction, to the ninth decimal.
    let reverse = SplitRatio(new: 1, old: 3)!
    #expect(long.split(reverse).shares == Quantity("0.833333333")!)
    #expect(SplitRatio(new: 1, old: 1) == nil && SplitRatio(new: 0, old: 2) == nil)
  }

  @Test("A dividend is shares × rate rounded down to the cent: paid to a long, owed by a short")
  func dividendCash() {
    let rate = Price("0.24")!
    let long = Position(symbol: "KO", shares: Quantity("10.5")!, totalCost: Money("600")!)
    #expect(long.dividend(rate: rate) == Money("2.52")!)
    let odd = Position(symbol: "KO", shares: Quantity("0.123456")!, totalCost: Money("7")!)
    #expect(odd.dividend(rate: rate) == Money("0.02")!)  // 0.02962944 down to the cent
    let short = Position(symbol: "KO", shares: Quantity("-7")!, totalCost: Money("-420")!)
    #expect(short.dividend(rate: Price("0.333")!) == Money("-2.33")!)
  }

  @Test("A split re-sizes what is left to fill and divides prices, rounded down to the tick")
  func splitOrders() throws {
    let split = CorporateAction.Kind.split(SplitRatio(new: 3, old: 1)!)
    let limit = try adjusted(order(.buy, .limit, limit: "100.00"), split)
    #expect(limit.qty == Quantity("30")! && limit.limitPrice == Price("33.33")!)
    let stopLimit = try adjusted(order(.sell, .stopLimit, limit: "89.99", stop: "90.01"), split)
    #expect(stopLimit.stopPrice == Price("30.00")! && stopLimit.limitPrice == Price("29.99")!)
    var trailing = order(.sell, .trailingStop, trail: "3.00")
    trailing.hwm = Price("150.02")
    let trailed = try adjusted(trailing, split)
    #expect(trailed.trailPrice == Price("1.00")! && trailed.hwm == Price("50.00")!)
    // A percent trail and a dollar amount stay as they are.
    let percent = try adjusted(order(.sell, .trailingStop, trailPercent: "5"), split)
    #expect(percent.trailPercent == ExactDecimal("5")! && percent.qty == Quantity("30")!)
    let dollars = order(.buy, .market, notional: "250.00")
    #expect(dollars.adjustment(for: action(split)) == .unchanged)
    // A partly filled order: what filled stays, the rest is multiplied.
    var partly = order(.buy, .limit, limit: "12.00")
    partly.filledQty = Quantity("4")!
    #expect(try adjusted(partly, split).qty == Quantity("22")!)
    // Under a dollar the tick is a hundredth of a cent.
    #expect(try adjusted(order(.buy, .limit, limit: "2.00"), split).limitPrice == Price("0.6666")!)
  }

  @Test("A reverse split ends open orders; other symbols and closed orders are untouched")
  func reverseSplit() {
    let reverse = action(.split(SplitRatio(new: 1, old: 10)!))
    #expect(order(.buy, .limit, limit: "1.00").adjustment(for: reverse) == .canceled)
    let other = action(.split(SplitRatio(new: 1, old: 10)!), "MSFT")
    #expect(order(.buy, .limit, limit: "1.00").adjustment(for: other) == .unchanged)
    var filled = order(.buy, .limit, limit: "1.00")
    filled.status = .filled
    #expect(filled.adjustment(for: reverse) == .unchanged)
  }

  @Test("A dividend lowers buy limits and sell stops by itself; nothing else moves")
  func dividendOrders() throws {
    let dividend = CorporateAction.Kind.cashDividend(rate: Price("0.47")!, special: false)
    #expect(
      try adjusted(order(.buy, .limit, limit: "60.00"), dividend).limitPrice == Price("59.53")!)
    let stop = try adjusted(order(.sell, .stop, stop: "55.00"), dividend)
    #expect(stop.stopPrice == Price("54.53")!)
    let stopLimit = try adjusted(order(.sell, .stopLimit, limit: "54.90", stop: "55.00"), dividend)
    #expect(stopLimit.stopPrice == Price("54.53")! && stopLimit.limitPrice == Price("54.43")!)
    var trailing = order(.sell, .trailingStop, trailPercent: "5")
    trailing.hwm = Price("61.00")
    #expect(try adjusted(trailing, dividend).hwm == Price("60.53")!)
    for unchanged in [
      order(.sell, .limit, limit: "70.00"), order(.buy, .stop, stop: "70.00"),
      order(.buy, .stopLimit, limit: "70.10", stop: "70.00"), order(.buy, .market),
    ] {
      #expect(unchanged.adjustment(for: action(dividend)) == .unchanged, "\(unchanged.type)")
    }
    // A dividend larger than the price leaves it, rather than making it nothing.
    #expect(order(.buy, .limit, limit: "0.40").adjustment(for: action(dividend)) == .unchanged)
  }
}
