import Foundation
import RavenCore
import RavenMarketData
import Testing

/// Minute bars made from live prints and quotes, for the order engine on a live market.
@Suite("Minute tape")
struct MinuteTapeTests {
  let minute = Date(timeIntervalSince1970: 1_795_190_400)  // a whole minute

  func at(_ seconds: TimeInterval) -> Date { minute.addingTimeInterval(seconds) }

  @Test("a minute's open and close are its earliest and latest prints, whatever their order")
  func openHighLowClose() throws {
    let tape = MinuteTape()
    tape.record([
      TradePrint(symbol: "AAPL", price: Price("190.10")!, time: at(30), size: 100),
      TradePrint(symbol: "AAPL", price: Price("190.00")!, time: at(2), size: 50),
      TradePrint(symbol: "AAPL", price: Price("189.50")!, time: at(45), size: 25),
      TradePrint(symbol: "AAPL", price: Price("190.40")!, time: at(59), size: 10),
      TradePrint(symbol: "AAPL", price: Price("189.80")!, time: at(58.5), size: 15),
      TradePrint(symbol: "MSFT", price: Price("420.00")!, time: at(10), size: 5),
    ])
    let bar = try #require(tape.bars(for: "AAPL", from: minute, to: at(60)).first)
    #expect(bar.time == minute)
    #expect(bar.open == Price("190.00")! && bar.close == Price("190.40")!)
    #expect(bar.high == Price("190.40")! && bar.low == Price("189.50")!)
    #expect(bar.volume == 200)
    #expect(tape.bars(for: "MSFT", from: minute, to: at(60)).map(\.volume) == [5])
  }

  @Test("a minute seen only through quotes has no known volume")
  func quotesOnly() throws {
    let tape = MinuteTape()
    tape.record(
      Quote(
        symbol: "AAPL", price: Price("190.00")!, open: Price("189.00")!, high: Price("191.00")!,
        low: Price("188.00")!, previousClose: Price("189.50")!, time: at(61)))
    let bar = try #require(tape.bars(for: "AAPL", from: minute, to: at(120)).first)
    #expect(bar.time == at(60))
    #expect(bar.volume == MinuteTape.unknownVolume)
    // The quote's own day range is not the minute's: only its price was seen then.
    #expect(bar.high == Price("190.00")! && bar.low == Price("190.00")!)
  }

  @Test("bars are the minutes in [from, to), oldest first; old minutes are dropped")
  func rangeAndRetention() {
    let tape = MinuteTape(retention: 10 * 60)
    tape.record(
      (0..<30).map {
        TradePrint(symbol: "KO", price: Price("60.00")!, time: at(Double($0) * 60 + 1), size: 1)
      })
    let all = tape.bars(for: "KO", from: .distantPast, to: .distantFuture)
    #expect(all.first?.time == at(19 * 60) && all.last?.time == at(29 * 60))
    #expect(all.count <= 11 && all.count >= 10)
    #expect(
      tape.bars(for: "KO", from: at(20 * 60), to: at(22 * 60)).map(\.time) == [
        at(20 * 60), at(21 * 60),
      ])
    #expect(tape.bars(for: "PEP", from: .distantPast, to: .distantFuture).isEmpty)
  }
}

extension MinuteTapeTests {
  @Test("a print stamped in the future is left out; absurd sizes saturate instead of trapping")
  func badPrints() {
    let clock = FixedWallClock(at(30))
    let tape = MinuteTape(clock: clock)
    tape.record([
      TradePrint(symbol: "AAPL", price: Price("190.00")!, time: at(10), size: .max),
      TradePrint(symbol: "AAPL", price: Price("190.10")!, time: at(20), size: .max),
      TradePrint(symbol: "AAPL", price: Price("999.00")!, time: at(86_400 * 365), size: 1),
    ])
    let bars = tape.bars(for: "AAPL", from: .distantPast, to: .distantFuture)
    #expect(bars.count == 1 && bars[0].high == Price("190.10")!)
    #expect(bars[0].volume == .max)
  }
}
