import Foundation

/// The trades a finished minute bar stands for, for a market made of minute bars (the
/// simulated market) asked for its tick history: Alpaca's historical trades and quotes.
///
/// They are consistent with the bar by construction: the first print is at the minute's
/// open price and start, the last at its close, one print each at its high and its low
/// (a minute of fewer than four shares has fewer prints, and may miss its high or low),
/// every price inside the range and on the tick, and the sizes add up to the bar's
/// volume exactly. Each print's quote is the bar's own spread around its price
/// (`MinuteSpread`), as the market quotes it. The same bar and symbol always give the same
/// prints (a fixed hash, not Swift's per-process one).
public enum MinutePrints {
  /// One trade inside the minute, and the quote around it.
  public struct Print: Sendable, Hashable {
    public var time: Date
    public var price: Price
    public var size: Int64
    public var bid: Price
    public var ask: Price
    /// Unique among the symbol's prints: the minute's epoch and the print's place in it.
    public var id: Int64
  }

  /// The most prints one minute is cut into: enough for a realistic tape, few enough that
  /// a day of a busy stock is tens of thousands of prints, not millions.
  public static let maximumPerMinute: Int64 = 30

  /// The bar's prints, oldest first.
  public static func prints(of bar: Bar, symbol: Symbol) -> [Print] {
    // A print per round lot, at least four (the open, high, low and close each get one)
    // while the minute has four shares to give, at most `maximumPerMinute`.
    let lots = bar.volume / MinuteSpread.sharesPerTrade
    let count = Int(min(max(lots, 4), maximumPerMinute, max(bar.volume, 1)))
    var random = SplitMix(seed: seed(symbol, bar.time))
    let prices = path(of: bar, count: count, random: &random)
    let sizes = split(bar.volume, into: count, random: &random)
    let minute = Int64(bar.time.timeIntervalSince1970.rounded(.down))
    return (0..<count).map { index in
      // Spread over the minute, each in its own slice, the last before its end.
      let slice = 60_000 / count
      let millis = index == 0 ? 0 : index * slice + Int(random.next() % UInt64(max(slice, 1)))
      let price = prices[index]
      let (bid, ask) = MinuteSpread.bidAsk(around: price, in: bar)
      return Print(
        time: bar.time.addingTimeInterval(Double(min(millis, 59_999)) / 1_000), price: price,
        size: sizes[index], bid: bid, ask: ask, id: minute * 100 + Int64(index))
    }
  }

  /// Prices from the open through the high and the low (in a drawn order) to the close,
  /// the prints between them near the line joining them, on the tick and in the range.
  private static func path(of bar: Bar, count: Int, random: inout SplitMix) -> [Price] {
    switch count {
    case 1: return [bar.close]
    case 2: return [bar.open, bar.close]
    case 3:
      // One print between the open and the close: the extreme they do not reach.
      let middle = max(bar.open, bar.close) < bar.high ? bar.high : bar.low
      return [bar.open, middle, bar.close]
    default: break
    }
    let tick = units(bar.high.tick)
    let (open, high, low, close) = (
      units(bar.open), units(bar.high), units(bar.low), units(bar.close)
    )
    // Waypoints: the open first, the close last, the high and the low at two interior
    // prints (which comes first is drawn).
    let first = 1 + Int(random.next() % UInt64(count - 2))
    var second = 1 + Int(random.next() % UInt64(count - 2))
    if second == first { second = first == count - 2 ? 1 : first + 1 }
    let highFirst = random.next() % 2 == 0
    let extremes =
      [(min(first, second), highFirst ? high : low), (max(first, second), highFirst ? low : high)]
    let waypoints = [(0, open)] + extremes + [(count - 1, close)]
    var prices: [Int64] = []
    prices.reserveCapacity(count)
    for index in 0..<count {
      guard let end = waypoints.firstIndex(where: { $0.0 >= index }) else { break }
      if waypoints[end].0 == index {
        prices.append(waypoints[end].1)
        continue
      }
      let (startIndex, startPrice) = waypoints[end - 1]
      let (endIndex, endPrice) = waypoints[end]
      let line =
        startPrice + (endPrice - startPrice) * Int64(index - startIndex)
        / Int64(endIndex - startIndex)
      // A little noise, a few ticks at most, kept in the range and on the tick.
      let jitter = (Int64(random.next() % 5) - 2) * tick
      let onTick = ((line + jitter) / tick) * tick
      prices.append(min(high, max(low, onTick)))
    }
    return prices.map { Price(exact: ExactDecimal(units: $0, fractionDigits: 4)) }
  }

  /// `total` shares in `count` prints, at least one each, adding up exactly.
  private static func split(_ total: Int64, into count: Int, random: inout SplitMix) -> [Int64] {
    let weights = (0..<count).map { _ in 1 + random.next() % 8 }
    let sum = weights.reduce(0, +)
    let spare = max(total - Int64(count), 0)
    var sizes = weights.map { 1 + Int64(UInt64(spare) * $0 / sum) }
    sizes[count - 1] += total - sizes.reduce(0, +)
    return sizes
  }

  /// A price in ten-thousandths of a dollar (the finest tick is a hundredth of a cent).
  private static func units(_ price: Price) -> Int64 {
    NSDecimalNumber(decimal: price.exact.value * 10_000).int64Value
  }

  /// FNV-1a of the symbol and the minute: the same on every machine and run.
  private static func seed(_ symbol: Symbol, _ time: Date) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in symbol.rawValue.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash ^ UInt64(bitPattern: Int64(time.timeIntervalSince1970))
  }

  /// SplitMix64: a small, well-mixed generator from one seed.
  private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return z ^ (z >> 31)
    }
  }
}
