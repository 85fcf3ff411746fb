import Foundation
import RavenCore
import Testing

/// A resting order for the matcher, placed well before the minutes it is matched in.
func resting(
  _ side: TradeSide, _ type: OrderType, qty: Quantity? = 10, notional: Money? = nil,
  limit: String? = nil, stop: String? = nil, trail: OrderTrail? = nil,
  tif: TimeInForce = .day, mark: String? = nil, triggered: Bool = false,
  submitted: Date = Date(timeIntervalSince1970: 0)
) -> RestingOrder {
  RestingOrder(
    id: UUID(), symbol: "AAPL", side: side, type: type, limitPrice: limit.flatMap(Price.init),
    stopPrice: stop.flatMap(Price.init), trail: trail, timeInForce: tif, remaining: qty,
    notional: notional, wholeShares: qty?.isWhole ?? false, mark: mark.flatMap(Price.init),
    triggered: triggered, eligibleFrom: submitted, submittedAt: submitted)
}

/// A minute starting at 1,000,000 s with these prices in dollars.
func minute(
  _ open: String, _ high: String, _ low: String, _ close: String, volume: Int64 = 100_000,
  opening: Bool = false, closing: Bool = false
) -> MarketMinute {
  MarketMinute(
    bar: Bar(
      time: Date(timeIntervalSince1970: 1_000_020), open: Price(open)!, high: Price(high)!,
      low: Price(low)!, close: Price(close)!, volume: volume),
    isOpening: opening, isClosing: closing)
}

@Suite("Matching one minute")
struct MinuteMatcherTests {
  let matcher = MinuteMatcher()

  func only(_ order: RestingOrder, _ minute: MarketMinute, placing: Bool = false)
    -> MinuteOutcome?
  {
    matcher.match([order], in: minute, placing: placing).first
  }

  @Test("A market order fills at the minute's open; in its placing window, at the current price")
  func market() {
    let order = resting(.buy, .market)
    #expect(
      only(order, minute("100.00", "101.00", "99.00", "100.50"))?.fill?.price == Price("100.00"))
    let placing = MarketMinute.placing(
      at: Date(timeIntervalSince1970: 1_000_030), price: Price("100.37")!, volumeAfter: 50_000)
    let fill = only(order, placing, placing: true)?.fill
    #expect(fill?.price == Price("100.37"))
    #expect(fill?.time == Date(timeIntervalSince1970: 1_000_020))
    #expect(fill?.qty == 10)
  }

  @Test("A buy limit fills only when the low reaches it, at the better of the limit and the open")
  func limitBuy() {
    let order = resting(.buy, .limit, limit: "99.50")
    #expect(only(order, minute("100.00", "101.00", "99.60", "100.50"))?.fill == nil)
    #expect(
      only(order, minute("100.00", "101.00", "99.00", "100.50"))?.fill?.price == Price("99.50"))
    // Opening below the limit fills at the open: better than asked.
    #expect(only(order, minute("99.20", "99.80", "99.00", "99.70"))?.fill?.price == Price("99.20"))
  }

  @Test("A sell limit mirrors the buy")
  func limitSell() {
    let order = resting(.sell, .limit, limit: "100.50")
    #expect(only(order, minute("100.00", "100.40", "99.00", "100.10"))?.fill == nil)
    #expect(
      only(order, minute("100.00", "101.00", "99.00", "100.50"))?.fill?.price == Price("100.50"))
    #expect(
      only(order, minute("100.90", "101.00", "100.60", "100.70"))?.fill?.price == Price("100.90"))
  }

  @Test("A stop fills at the stop when the range reaches it, at the open through a gap")
  func stops() {
    let sell = resting(.sell, .stop, stop: "99.00")
    #expect(only(sell, minute("100.00", "100.50", "99.10", "99.50"))?.fill == nil)
    let touched = only(sell, minute("100.00", "100.50", "98.50", "99.50"))
    #expect(touched?.triggered == true)
    #expect(touched?.fill?.price == Price("99.00"))
    #expect(only(sell, minute("97.00", "98.00", "96.50", "97.50"))?.fill?.price == Price("97.00"))
    let buy = resting(.buy, .stop, stop: "101.00")
    #expect(
      only(buy, minute("100.00", "101.20", "99.50", "101.10"))?.fill?.price == Price("101.00"))
  }

  @Test("A stop-limit whose trigger is beyond its limit waits, triggered, as a limit")
  func stopLimit() {
    let order = resting(.sell, .stopLimit, limit: "98.00", stop: "99.00")
    let gap = only(order, minute("97.00", "97.50", "96.00", "97.20"))
    #expect(gap?.triggered == true)
    #expect(gap?.fill == nil)
    let later = resting(.sell, .stopLimit, limit: "98.00", stop: "99.00", triggered: true)
    #expect(only(later, minute("97.50", "98.40", "97.00", "98.10"))?.fill?.price == Price("98.00"))
    let within = only(order, minute("100.00", "100.20", "98.50", "98.90"))
    #expect(within?.fill?.price == Price("99.00"))
  }

  @Test(
    "A trailing stop raises its mark with the highs and triggers from the mark before the minute")
  func trailingStop() {
    let order = resting(.sell, .trailingStop, trail: .price(Price("2.00")!), mark: "100.00")
    let rising = only(order, minute("100.00", "103.00", "98.10", "102.50"))
    #expect(rising?.fill == nil)
    #expect(rising?.mark == Price("103.00"))
    let percent = resting(.sell, .trailingStop, trail: .percent(10), mark: "200.00")
    #expect(
      only(percent, minute("185.00", "186.00", "179.00", "181.00"))?.fill?.price == Price("180.00"))
  }

  @Test("Orders share a tenth of the volume traded at their price or better, best price first")
  func participation() {
    let bar = minute("100.00", "100.99", "99.00", "100.50", volume: 1_000)
    let market = resting(.buy, .market, qty: 80)
    let limit = resting(.buy, .limit, qty: 80, limit: "100.00")
    let outcomes = matcher.match([limit, market], in: bar)
    let fills = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.orderID, $0.fill?.qty) })
    #expect(fills[market.id] == 80)
    // The limit sits halfway up the range: ~50 shares' worth at or below it, minus the
    // 80 the market order took, leaves none.
    #expect(fills[limit.id] == Quantity?.none)
    let alone = only(limit, bar)?.fill?.qty
    #expect(alone == 50)
  }

  @Test("Fill-or-kill fills wholly or not at all; immediate-or-cancel takes what it can")
  func timeInForce() {
    let bar = minute("100.00", "101.00", "99.00", "100.50", volume: 500)
    let fok = only(resting(.buy, .market, qty: 60, tif: .fok), bar)
    #expect(fok?.fill == nil)
    #expect(fok?.cancelsRest == true)
    let ioc = only(resting(.buy, .market, qty: 60, tif: .ioc), bar)
    #expect(ioc?.fill?.qty == 50)
    #expect(ioc?.cancelsRest == true)
    #expect(only(resting(.buy, .market, tif: .opg), bar) == nil)
    #expect(
      only(
        resting(.buy, .market, tif: .opg),
        minute("100.00", "101.00", "99.00", "100.50", opening: true))?.fill?.price
        == Price("100.00"))
    let close = only(
      resting(.sell, .limit, limit: "100.40", tif: .cls),
      minute("100.00", "101.00", "99.00", "100.50", closing: true))
    #expect(close?.fill != nil)
  }

  @Test("A dollar amount buys shares rounded down to nine places")
  func notional() {
    let order = resting(.buy, .market, qty: nil, notional: Money("250")!)
    let fill = only(order, minute("187.00", "188.00", "186.00", "187.50"))?.fill
    #expect(fill?.qty == Quantity("1.336898395"))
  }

  @Test("An order is not matched in minutes before it was placed")
  func eligibility() {
    var order = resting(.buy, .market)
    order.eligibleFrom = Date(timeIntervalSince1970: 1_000_080)
    #expect(only(order, minute("100.00", "101.00", "99.00", "100.50")) == nil)
  }
}
