import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

/// Served prices and corporate actions (issue 34): bars as they traded jump at ex-dates by
/// exactly the dividend or the ratio, adjusted ones do not, and every kind still adds up.
@Suite("Simulated bars as they traded and adjusted")
struct SimulatedAdjustedBarsTests {
  let market = MarketFixture.market()
  let calendar = MarketFixture.calendar
  static let asOf = MarketFixture.instant("2026-11-21T00:00:00Z")

  /// The first action of each kind with an ex-date in 2005–2026 among `symbols`.
  func actions(_ symbols: [Symbol], where wanted: (CorporateAction) -> Bool) throws
    -> [CorporateAction]
  {
    try symbols.compactMap { symbol in
      try market.corporateActions(of: symbol).first {
        $0.exDate.year >= 2005 && $0.exDate < MarketDate("2026-11-20")! && wanted($0)
      }
    }
  }

  var dividends: [CorporateAction] {
    get throws {
      try actions(["KO", "DUK", "XOM", "O", "MO", "T", "SPY"]) { $0.dividendRate != nil }
    }
  }

  var splits: [CorporateAction] {
    get throws {
      try actions(market.universe.companies.map(\.symbol).prefix(150).map { $0 }) {
        $0.splitRatio != nil
      }
    }
  }

  /// The daily bars of the sessions before and on `action`'s ex-date, as of `asOf` (the
  /// ex-date's only once it has opened).
  func days(_ action: CorporateAction, _ adjustment: BarAdjustment, asOf: Date = asOf) throws
    -> (before: Bar, exDate: Bar)
  {
    let bars = try dayBars(action, adjustment, asOf: asOf)
    try #require(bars.count == 2, "\(action.id)")
    return (bars[0], bars[1])
  }

  func dayBars(_ action: CorporateAction, _ adjustment: BarAdjustment, asOf: Date) throws
    -> [Bar]
  {
    let ex = try #require(calendar.sessionIndex(on: action.exDate))
    let zone = calendar.timeZone
    return try market.bars(
      for: action.symbol, resolution: .day,
      from: zone.instant(on: calendar.sessions[ex - 1].date, secondsSinceMidnight: 0),
      to: zone.instant(on: action.exDate.adding(days: 1), secondsSinceMidnight: 0), asOf: asOf,
      adjustment: adjustment)
  }

  /// The model's own overnight move into `action`'s ex-date: what an adjusted history shows.
  func modelGap(_ action: CorporateAction) throws -> Double {
    let stock = try market.stock(action.symbol)
    let series = market.daily(stock)
    let ex = try #require(calendar.sessionIndex(on: action.exDate))
    return DeterministicMath.exp(series.openLevels[ex] - series.closeLevels[ex - 1])
  }

  static func dollars(_ price: Price) -> Double {
    NSDecimalNumber(decimal: price.exact.value).doubleValue
  }

  @Test("As they traded, prices open lower by exactly the dividend, or divided by the split")
  func rawJumps() throws {
    let dividends = try dividends
    let splits = try splits
    #expect(dividends.count >= 5 && splits.count >= 3, "\(dividends.count) \(splits.count)")
    for action in dividends + splits {
      let (before, exDate) = try days(action, .raw)
      let close = Self.dollars(before.close)
      // Without the action the stock would have opened at close × the model's gap.
      let expected: Double
      var multiple = 1.0
      switch action.kind {
      case .cashDividend(let rate, _):
        expected = (close - Self.dollars(rate)) * (try modelGap(action))
      case .split(let ratio):
        multiple = Double(ratio.old) / Double(ratio.new)
        expected = close * multiple * (try modelGap(action))
      }
      // Half a cent of rounding on the close (times the ratio) and on the open.
      #expect(
        abs(Self.dollars(exDate.open) - expected) <= 0.0051 * multiple + 0.0051, "\(action.id)")
    }
  }

  @Test(
    "Adjusted for everything, no ex-date shows a jump; adjusted for splits, a dividend still does")
  func adjustedHasNoJump() throws {
    for action in try dividends + splits {
      let (before, exDate) = try days(action, .all)
      let (rawBefore, rawExDate) = try days(action, .raw)
      let gap = Self.dollars(exDate.open) / Self.dollars(before.close)
      // Half a cent on each raw price, relative.
      let tolerance =
        0.0051 / Self.dollars(rawExDate.open) + 0.0051 / Self.dollars(rawBefore.close)
      #expect(abs(gap / (try modelGap(action)) - 1) <= tolerance, "\(action.id)")
    }
    for action in try dividends {
      let (before, exDate) = try days(action, .split)
      let (rawBefore, rawExDate) = try days(action, .raw)
      #expect(before == rawBefore && exDate == rawExDate, "\(action.id)")
    }
    for action in try splits {
      // As of the ex-date's evening, so that no later split adjusts it too.
      let ex = try #require(calendar.sessionIndex(on: action.exDate))
      let evening = calendar.sessions[ex].close.addingTimeInterval(3_600)
      let (before, _) = try days(action, .split, asOf: evening)
      let (rawBefore, _) = try days(action, .raw, asOf: evening)
      let ratio = try #require(action.splitRatio)
      let divided = Self.dollars(rawBefore.close) * Double(ratio.old) / Double(ratio.new)
      #expect(abs(Self.dollars(before.close) - divided) < 0.0001, "\(action.id)")
      // In the shares after the split: each volume is rounded to a share, the raw one
      // before it is multiplied.
      let multiple = Double(ratio.new) / Double(ratio.old)
      let shares = Double(rawBefore.volume) * multiple
      #expect(abs(Double(before.volume) - shares) <= multiple / 2 + 1, "\(action.id)")
    }
  }

  @Test("Before its ex-date an action adjusts nothing: history asked then is as it traded")
  func adjustedAsOf() throws {
    for action in try dividends + splits {
      let ex = try #require(calendar.sessionIndex(on: action.exDate))
      let eve = calendar.sessions[ex - 1].close.addingTimeInterval(3_600)
      let adjustment: BarAdjustment = action.splitRatio == nil ? .dividend : .split
      let before = try dayBars(action, adjustment, asOf: eve)
      let raw = try dayBars(action, .raw, asOf: eve)
      #expect(before.count == 1 && before == raw, "\(action.id)")
      let after = try dayBars(action, adjustment, asOf: calendar.sessions[ex].open)
      #expect(after.first != raw.first, "\(action.id)")
    }
  }

  @Test(
    "A daily bar is its minutes' aggregate, as they traded and adjusted",
    arguments: BarAdjustment.allCases)
  func minutesAddUp(_ adjustment: BarAdjustment) throws {
    for action in try Array(dividends.prefix(2)) + Array(splits.prefix(2)) {
      let ex = try #require(calendar.sessionIndex(on: action.exDate))
      let session = calendar.sessions[ex - 1]
      let day = try #require(
        try market.bars(
          for: action.symbol, resolution: .day,
          from: calendar.timeZone.instant(on: session.date, secondsSinceMidnight: 0),
          to: session.close, asOf: Self.asOf, adjustment: adjustment
        ).first)
      let minutes = try market.bars(
        for: action.symbol, resolution: .minute, from: session.open, to: session.close,
        asOf: Self.asOf, adjustment: adjustment)
      #expect(minutes.first?.open == day.open, "\(action.id)")
      #expect(minutes.last?.close == day.close, "\(action.id)")
      #expect(minutes.map(\.high).max() == day.high, "\(action.id)")
      #expect(minutes.map(\.low).min() == day.low, "\(action.id)")
      #expect(minutes.reduce(0) { $0 + $1.volume } == day.volume, "\(action.id)")
    }
  }

  @Test(
    "On a split's ex-date the quote compares with the split-adjusted close; the shares multiply")
  func quoteAndProfileAcrossASplit() throws {
    let split = try #require(
      try splits.first { $0.splitRatio?.isReverse == false && $0.exDate.year >= 2010 })
    let ratio = try #require(split.splitRatio)
    let ex = try #require(calendar.sessionIndex(on: split.exDate))
    let open = calendar.sessions[ex].open.addingTimeInterval(600)
    let quote = try market.quote(for: split.symbol, at: open)
    let lastClose = try market.quote(for: split.symbol, at: calendar.sessions[ex - 1].close)
    let adjusted = Self.dollars(lastClose.price) * Double(ratio.old) / Double(ratio.new)
    #expect(abs(Self.dollars(quote.previousClose) - adjusted) <= 0.01, "\(split.id)")
    // A day's move, not a fall by the ratio.
    #expect(abs(Self.dollars(quote.price) / Self.dollars(quote.previousClose) - 1) < 0.3)
    let sharesBefore = try #require(
      try market.profile(for: split.symbol, at: calendar.sessions[ex - 1].close).sharesOutstanding)
    let sharesAfter = try #require(
      try market.profile(for: split.symbol, at: open).sharesOutstanding)
    let multiple = NSDecimalNumber(decimal: sharesAfter.value / sharesBefore.value).doubleValue
    #expect(abs(multiple - Double(ratio.new) / Double(ratio.old)) < 0.001, "\(split.id)")
  }
}
