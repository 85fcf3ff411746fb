import Foundation
import RavenCore
import Testing

@Suite("A minute's spread")
struct MinuteSpreadTests {
  func bar(open: String = "100.00", range: String, volume: Int64) -> Bar {
    let low = Price(open)!
    return Bar(
      time: Date(timeIntervalSince1970: 0), open: low, high: low + Price(range)!, low: low,
      close: low, volume: volume)
  }

  @Test("The half-spread is the range over the square root of the trades, in round lots")
  func formula() {
    // 10,000 shares are 100 trades: a dollar's range over √100.
    #expect(MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 10_000)) == Price("0.10"))
    // Whole lots and a whole root: 12,099 shares are 120 trades, √120 counts as 10.
    #expect(MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 12_099)) == Price("0.10"))
    #expect(MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 19_999)) == Price("0.07"))
    // No whole lot counts as one trade.
    #expect(MinuteSpread.halfSpread(of: bar(range: "0.37", volume: 50)) == Price("0.37"))
  }

  @Test("It widens with the minute's range and narrows with its volume")
  func monotone() {
    let base = MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 10_000))
    #expect(MinuteSpread.halfSpread(of: bar(range: "2.00", volume: 10_000)) == base + base)
    #expect(MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 40_000)) == Price("0.05"))
    #expect(MinuteSpread.halfSpread(of: bar(range: "1.00", volume: 40_000)) < base)
  }

  @Test("At least one tick: a cent, or a hundredth of one below a dollar")
  func tick() {
    #expect(MinuteSpread.halfSpread(of: bar(range: "0", volume: 1_000_000)) == Price("0.01"))
    #expect(
      MinuteSpread.halfSpread(of: bar(open: "0.50", range: "0", volume: 1_000_000))
        == Price("0.0001"))
    let (bid, ask) = MinuteSpread.bidAsk(
      around: Price("0.01")!, in: bar(open: "0.01", range: "0.05", volume: 100))
    #expect(bid == Price("0.0001"))
    #expect(ask == Price("0.06"))
    // A minute that crosses a dollar quotes whole cents: no sub-penny quote above $1.
    let crossing = Bar(
      time: Date(timeIntervalSince1970: 0), open: Price("0.99")!, high: Price("1.02")!,
      low: Price("0.99")!, close: Price("1.01")!, volume: 1_000_000)
    #expect(MinuteSpread.halfSpread(of: crossing) == Price("0.01"))
    let quoted = MinuteSpread.bidAsk(around: Price("1.01")!, in: crossing)
    #expect(quoted.bid == Price("1.00") && quoted.ask == Price("1.02"))
  }
}

@Suite("Market orders on a market with a spread")
struct MarketOrderSpreadTests {
  let matcher = MinuteMatcher()

  func withSpread(_ minute: MarketMinute, half: String) -> MarketMinute {
    var minute = minute
    minute.spread = MarketMinute.Spread(
      half: Price(half)!, low: minute.bar.low, high: minute.bar.high)
    return minute
  }

  func fill(_ order: RestingOrder, _ minute: MarketMinute) -> Price? {
    matcher.match([order], in: minute, placing: false).first?.fill?.price
  }

  @Test("A buy pays the ask and a sale gets the bid, held inside the minute's range")
  func sides() {
    let wide = withSpread(minute("100.00", "101.00", "99.00", "100.50"), half: "0.25")
    #expect(fill(resting(.buy, .market), wide) == Price("100.25"))
    #expect(fill(resting(.sell, .market, qty: 5), wide) == Price("99.75"))
    let narrow = withSpread(minute("100.00", "100.10", "99.95", "100.05"), half: "0.25")
    #expect(fill(resting(.buy, .market), narrow) == Price("100.10"))
    #expect(fill(resting(.sell, .market, qty: 5), narrow) == Price("99.95"))
  }

  @Test("An opening or closing order fills at the auction's one price")
  func auctions() {
    let opening = withSpread(
      minute("100.00", "101.00", "99.00", "100.50", opening: true), half: "0.25")
    #expect(fill(resting(.buy, .market, tif: .opg), opening) == Price("100.00"))
    let closing = withSpread(
      minute("100.00", "101.00", "99.00", "100.50", closing: true), half: "0.25")
    #expect(fill(resting(.sell, .market, qty: 5, tif: .cls), closing) == Price("100.00"))
    #expect(fill(resting(.buy, .market), opening) == Price("100.25"))
  }

  @Test("A stop becomes a market order: a sell stop fills at the bid below its trigger")
  func stops() {
    let gap = withSpread(minute("98.00", "98.50", "97.00", "98.20"), half: "0.25")
    #expect(fill(resting(.sell, .stop, qty: 5, stop: "99.00"), gap) == Price("97.75"))
    let touch = withSpread(minute("100.00", "100.20", "98.90", "99.00"), half: "0.25")
    #expect(fill(resting(.sell, .stop, qty: 5, stop: "99.00"), touch) == Price("98.90"))
  }

  @Test("A limit the price already meets takes the ask or bid, never past its limit")
  func marketableLimits() {
    let wide = withSpread(minute("100.00", "101.00", "99.00", "100.50"), half: "0.25")
    #expect(fill(resting(.buy, .limit, limit: "100.50"), wide) == Price("100.25"))
    #expect(fill(resting(.buy, .limit, limit: "100.10"), wide) == Price("100.10"))
    #expect(fill(resting(.sell, .limit, qty: 5, limit: "99.50"), wide) == Price("99.75"))
    // One the price comes down to is a resting bid: it fills at its limit, no spread.
    #expect(fill(resting(.buy, .limit, limit: "99.50"), wide) == Price("99.50"))
  }
}
