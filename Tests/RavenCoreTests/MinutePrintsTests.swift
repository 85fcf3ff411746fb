import Foundation
import PropertyBased
import RavenCore
import Testing

/// Any minute bar: a range of cents (or hundredths of a cent under a dollar), an open and
/// close inside it, a volume from one share to millions.
private let bars = zip(
  Gen.int64(in: 50...90_000), Gen.int64(in: 0...500), Gen.int64(in: 0...1_000),
  Gen.int64(in: 0...1_000), Gen.int64(in: 1...3_000_000)
).map { low, width, openAt, closeAt, volume in
  let high = low + width
  return Bar(
    time: Date(timeIntervalSince1970: 1_763_650_800),
    open: Price(cents: low + width * openAt / 1_000),
    high: Price(cents: high), low: Price(cents: low),
    close: Price(cents: low + width * closeAt / 1_000), volume: volume)
}

@Suite("A minute bar's prints")
struct MinutePrintsTests {
  @Test("They add up to the bar: open, high, low, close, volume; on the tick; inside the minute")
  func consistentWithTheBar() async {
    await propertyCheck(count: 300, input: bars) { bar in
      let prints = MinutePrints.prints(of: bar, symbol: "AAPL")
      #expect(!prints.isEmpty && prints.count <= 30)
      #expect(prints.map(\.size).reduce(0, +) == bar.volume)
      #expect(prints.allSatisfy { $0.size >= 1 })
      #expect(prints.last?.price == bar.close)
      #expect(prints.allSatisfy { bar.low <= $0.price && $0.price <= bar.high })
      #expect(prints.allSatisfy { $0.bid < $0.ask && $0.bid <= $0.price && $0.price <= $0.ask })
      let times = prints.map(\.time)
      #expect(times == times.sorted() && Set(times).count == times.count)
      #expect(times.first == bar.time)
      #expect(times.allSatisfy { $0 < bar.time.addingTimeInterval(60) })
      // From four prints on (any minute of four shares or more), the bar's every price.
      #expect(bar.volume < 4 || prints.count >= 4)
      if prints.count >= 4 {
        #expect(prints.first?.price == bar.open)
        #expect(prints.map(\.price).max() == bar.high)
        #expect(prints.map(\.price).min() == bar.low)
      }
      // On the tick: whole cents once the minute trades at a dollar or more.
      let digits = bar.high >= Price(cents: 100) ? 2 : 4
      #expect(
        prints.allSatisfy { $0.price.exact.rounded(toFractionDigits: digits) == $0.price.exact })
    }
  }

  @Test("The same bar gives the same prints; another symbol other ones")
  func deterministic() {
    let bar = Bar(
      time: Date(timeIntervalSince1970: 1_763_650_800), open: Price(cents: 27_129),
      high: Price(cents: 27_155), low: Price(cents: 27_116), close: Price(cents: 27_136),
      volume: 1_897_523)
    let first = MinutePrints.prints(of: bar, symbol: "AAPL")
    #expect(first == MinutePrints.prints(of: bar, symbol: "AAPL"))
    #expect(first.count == 30)
    #expect(first.map(\.size) != MinutePrints.prints(of: bar, symbol: "MSFT").map(\.size))
    #expect(Set(first.map(\.id)).count == 30)
  }

  @Test(
    "A thin minute: as many prints as shares up to four, still the bar's", arguments: [1, 2, 3, 5])
  func thinMinutes(volume: Int64) {
    let bar = Bar(
      time: Date(timeIntervalSince1970: 1_763_650_800), open: Price(cents: 1_000),
      high: Price(cents: 1_004), low: Price(cents: 998), close: Price(cents: 1_001),
      volume: volume)
    let prints = MinutePrints.prints(of: bar, symbol: "TPB")
    #expect(prints.count == Int(min(volume, 4)))
    #expect(prints.map(\.size).reduce(0, +) == volume && prints.allSatisfy { $0.size >= 1 })
    #expect(prints.last?.price == bar.close)
    if volume >= 4 {
      #expect(prints.map(\.price).max() == bar.high && prints.map(\.price).min() == bar.low)
    }
  }
}
