import Foundation
import RavenCore
import RavenMarketData
import RavenTestSupport
import Testing

@testable import RavenSimulation

/// The shape of the simulated market's returns (issue 17) and the invariants that tie its
/// daily series to its minutes. Every figure is computed from a fixed seed, so these are
/// exact, repeatable checks, not statistical tests that may fail by chance.
@Suite("Simulated market: the shape of real returns")
struct SimulatedMarketShapeTests {
  let market = MarketFixture.market()
  let symbols: [Symbol] = ["AAPL", "MSFT", "KO", "XOM", "JPM", "PFE", "WMT", "IBM"]

  /// Daily log returns of `symbol`'s closes over sessions `range` of the calendar.
  func returns(_ symbol: Symbol, _ range: Range<Int>) throws -> [Double] {
    let stock = try market.stock(symbol)
    let closes = market.daily(stock).closeLevels
    return range.dropFirst().map { closes[$0] - closes[$0 - 1] }
  }

  static func kurtosis(_ values: [Double]) -> Double {
    let mean = values.reduce(0, +) / Double(values.count)
    let second = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    let fourth = values.reduce(0) { $0 + pow($1 - mean, 4) } / Double(values.count)
    return fourth / (second * second)
  }

  static func autocorrelation(_ values: [Double], lag: Int) -> Double {
    let mean = values.reduce(0, +) / Double(values.count)
    let centred = values.map { $0 - mean }
    let numerator = zip(centred, centred.dropFirst(lag)).reduce(0) { $0 + $1.0 * $1.1 }
    return numerator / centred.reduce(0) { $0 + $1 * $1 }
  }

  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// Ten years of sessions ending in 2026.
  let decade = 4_000..<6_520

  @Test("Daily returns have fat tails, clustered volatility with a long memory, no linear memory")
  func stylizedFacts() throws {
    let all = try symbols.map { try returns($0, decade) }
    #expect(Self.median(all.map(Self.kurtosis)) > 5)
    let absolute = all.map { $0.map(\.magnitude) }
    #expect(Self.median(absolute.map { Self.autocorrelation($0, lag: 1) }) > 0.15)
    #expect(Self.median(absolute.map { Self.autocorrelation($0, lag: 10) }) > 0.08)
    #expect(Self.median(absolute.map { Self.autocorrelation($0, lag: 50) }) > 0.03)
    #expect(Self.median(all.map { Self.autocorrelation($0, lag: 1) }).magnitude < 0.05)
  }

  @Test("Falls raise later volatility: corr(r_t, |r_t+1|) is negative")
  func leverage() throws {
    let correlations = try symbols.map { symbol in
      let series = try returns(symbol, decade)
      let later = series.dropFirst().map(\.magnitude)
      let now = Array(series.dropLast())
      let meanNow = now.reduce(0, +) / Double(now.count)
      let meanLater = later.reduce(0, +) / Double(later.count)
      let covariance = zip(now, later).reduce(0) { $0 + ($1.0 - meanNow) * ($1.1 - meanLater) }
      let spreadNow = now.reduce(0) { $0 + ($1 - meanNow) * ($1 - meanNow) }.squareRoot()
      let spreadLater = later.reduce(0) { $0 + ($1 - meanLater) * ($1 - meanLater) }.squareRoot()
      return covariance / (spreadNow * spreadLater)
    }
    #expect(Self.median(correlations) < -0.02)
  }

  @Test("Earnings days move two to four times a normal day, mostly the surprise's way")
  func earningsReactions() throws {
    var onReports: [Double] = []
    var otherDays: [Double] = []
    var agreeing = 0
    var signed = 0
    for symbol in symbols {
      let stock = try market.stock(symbol)
      let surprises = market.earningsSurprises(stock)
      let closes = market.daily(stock).closeLevels
      for session in decade.dropFirst() {
        let move = closes[session] - closes[session - 1]
        guard let surprise = surprises[session] else {
          otherDays.append(move.magnitude)
          continue
        }
        onReports.append(move.magnitude)
        if surprise.magnitude > 0.004 {
          signed += 1
          if (move > 0) == (surprise > 0) { agreeing += 1 }
        }
      }
    }
    let ratio =
      (onReports.reduce(0, +) / Double(onReports.count))
      / (otherDays.reduce(0, +) / Double(otherDays.count))
    #expect(onReports.count >= 300)
    #expect(ratio > 2 && ratio < 4)
    #expect(Double(agreeing) / Double(signed) > 0.6)
  }

  @Test("Every minute path adds up to its daily bar: open, high, low, close and volume")
  func minutesAggregateToTheDay() throws {
    let now = MarketFixture.instant("2026-11-21T00:00:00Z")
    let calendar = MarketFixture.calendar
    for symbol in symbols {
      let stock = try market.stock(symbol)
      let surprises = market.earningsSurprises(stock)
      // A spread of sessions, a half day (2025-11-28) and the stock's earnings days.
      let halfDay = try #require(calendar.sessionIndex(on: MarketDate("2025-11-28")!))
      let reports = surprises.keys.filter { decade.contains($0) }.sorted().prefix(3)
      for index in [5_000, 6_000, 6_499, halfDay] + reports {
        let session = calendar.sessions[index]
        let minutes = try market.bars(
          for: symbol, resolution: .minute, from: session.open, to: session.close, asOf: now)
        let stamp = calendar.timeZone.instant(on: session.date, secondsSinceMidnight: 0)
        let day = try #require(
          try market.bars(
            for: symbol, resolution: .day, from: stamp, to: stamp.addingTimeInterval(86_400),
            asOf: now
          ).first)
        #expect(minutes.count == Int(session.close.timeIntervalSince(session.open)) / 60)
        #expect(minutes.first?.open == day.open)
        #expect(minutes.last?.close == day.close)
        #expect(minutes.map(\.high).max() == day.high)
        #expect(minutes.map(\.low).min() == day.low)
        #expect(minutes.reduce(0) { $0 + $1.volume } == day.volume)
      }
    }
  }

  @Test("A Brownian bridge's extreme: never inside the ends, on average √(π/8)·σ beyond them")
  func bridgeExtremes() {
    #expect(PriceModel.bridgeExtreme(0.1, 0.3, variance: 1, uniform: 0, upper: true) == 0.3)
    #expect(PriceModel.bridgeExtreme(0.1, 0.3, variance: 1, uniform: 0, upper: false) == 0.1)
    let noise = DeterministicNoise(seed: 9)
    let highs = (0..<100_000).map {
      PriceModel.bridgeExtreme(0, 0, variance: 1, uniform: noise.uniform($0), upper: true)
    }
    let mean = highs.reduce(0, +) / Double(highs.count)
    #expect(abs(mean - (Double.pi / 8).squareRoot()) < 0.01)
  }

  @Test("A session's volume is split over its minutes exactly, U-shaped, at least one each")
  func volumeSplit() {
    let shape = IntradayShape(minutes: 390, noise: DeterministicNoise(seed: 4))
    for total: Int64 in [390, 391, 1_000, 123_456_789] {
      let volumes = shape.volumes(sharing: total)
      #expect(volumes.count == 390)
      #expect(volumes.reduce(0, +) == total)
      #expect(volumes.allSatisfy { $0 >= 1 })
    }
    let volumes = shape.volumes(sharing: 10_000_000)
    let edges = volumes.prefix(30).reduce(0, +) + volumes.suffix(30).reduce(0, +)
    let middle = volumes[180..<240].reduce(0, +)
    #expect(edges > 2 * middle)
  }

  @Test("The series are built once and shared by every copy of the market")
  func seriesAreRemembered() throws {
    let stock = try market.stock("KO")
    let copy = market
    let first = market.daily(stock)
    let second = copy.daily(stock)
    #expect(first.closeLevels == second.closeLevels)
    #expect(
      MarketFixture.market().daily(stock).closeLevels == first.closeLevels,
      "a new market with the same seed builds the same series")
  }
}
