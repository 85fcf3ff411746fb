import Foundation
import RavenCore
import RavenTestSupport
import Synchronization
import Testing

@testable import RavenGateway
@testable import RavenMarketData
@testable import RavenSimulation

/// The simulated market, except that daily bars reach back only 100 sessions, as with a
/// free Alpha Vantage key (whose full daily history is a premium option), or, without
/// `servesBars`, that there are no bars at all.
struct CompactDailyProvider: PartialMarketDataProvider {
  let market: SimulatedMarket
  var servesBars = true
  /// Whether intraday bars come only as they traded, as Finnhub's do.
  var intradayOnlyRaw = false
  /// Every resolution bars were asked for, in order.
  let asked = AskedResolutions()
  var attribution: DataAttribution { market.attribution }

  func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try market.quote(for: symbol, at: instant)
  }

  func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    market.quotes(for: symbols, at: instant)
  }

  func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    asked.record(resolution)
    guard servesBars else { throw .unsupported(MarketDataKind.bars.description) }
    if resolution == .day, to.timeIntervalSince(from) > 140 * 86_400 {
      throw .unsupportedRequest("daily bars over more than 100 sessions")
    }
    if intradayOnlyRaw, resolution.isIntraday, adjustment != .raw {
      throw .unsupportedRequest(resolution.barsDescription(adjustedFor: adjustment))
    }
    return try market.bars(
      for: symbol, resolution: resolution, from: from, to: to, asOf: instant,
      adjustment: adjustment)
  }
}

final class AskedResolutions: Sendable {
  private let resolutions = Mutex<[BarResolution]>([])
  var all: [BarResolution] { resolutions.withLock { $0 } }
  func record(_ resolution: BarResolution) { resolutions.withLock { $0.append(resolution) } }
}

@Suite("Charts from a provider that cannot serve the range's bars")
struct ChartCoarserBarsTests {
  static let now = MarketFixture.instant("2026-11-20T17:45:12Z")

  @Test("a year the provider has no daily bars for is drawn from weekly bars")
  func yearFromWeeklyBars() async throws {
    let market = MarketFixture.market()
    let charts = ChartBuilder(
      provider: CompactDailyProvider(market: market), calendar: MarketFixture.calendar)
    let year = try await charts.priceChart(for: "AAPL", range: .oneYear, now: Self.now)
    #expect(year.resolution == .week)
    #expect((50...54).contains(year.points.count))
    // Three months fit in 100 sessions: still daily.
    let quarter = try await charts.priceChart(for: "AAPL", range: .threeMonths, now: Self.now)
    #expect(quarter.resolution == .day)
  }

  @Test("through the gateway, a year is not drawn from the last quarter's daily bars")
  func yearThroughTheGateway() async throws {
    let market = MarketFixture.market()
    let gateway = MarketGateway(
      upstream: CompactDailyProvider(market: market), policy: UpstreamPolicy(id: "compact"),
      clock: FixedWallClock(Self.now), sleeper: ManualWallClock(Self.now))
    let charts = ChartBuilder(provider: gateway, calendar: MarketFixture.calendar)
    let quarter = try await charts.priceChart(for: "AAPL", range: .threeMonths, now: Self.now)
    #expect(quarter.resolution == .day)
    let year = try await charts.priceChartAnswer(for: "AAPL", range: .oneYear, now: Self.now)
    #expect(year.chart.resolution == .week)
    #expect(!year.bars.isStale)
  }

  @Test("two years of daily candles become weekly candles with a 20-week average")
  func candlesFromWeeklyBars() async throws {
    let market = MarketFixture.market()
    let charts = ChartBuilder(
      provider: CompactDailyProvider(market: market), calendar: MarketFixture.calendar)
    let candles = try await charts.candleChart(for: "AAPL", now: Self.now)
    #expect(candles.resolution == .week)
    #expect(candles.movingAveragePeriod == 20)
    #expect((100...106).contains(candles.candles.count))
    // Warmed up: the average is there from the first candle shown.
    #expect(candles.movingAverage.first.flatMap { $0 } != nil)
  }

  @Test("a provider that serves no bars at all is not asked again at every width")
  func noBarsAtAll() async throws {
    let market = MarketFixture.market()
    let provider = CompactDailyProvider(market: market, servesBars: false)
    let charts = ChartBuilder(provider: provider, calendar: MarketFixture.calendar)
    await #expect(throws: MarketDataError.unsupported(MarketDataKind.bars.description)) {
      try await charts.priceChart(for: "AAPL", range: .oneYear, now: Self.now)
    }
    #expect(provider.asked.all == [.day])
  }

  @Test(
    "a provider whose intraday bars are only as they traded charts a day from them, and says so")
  func intradayAsTraded() async throws {
    let market = MarketFixture.market()
    let provider = CompactDailyProvider(market: market, intradayOnlyRaw: true)
    let charts = ChartBuilder(provider: provider, calendar: MarketFixture.calendar)
    let day = try await charts.priceChart(for: "AAPL", range: .oneDay, now: Self.now)
    #expect(day.adjustment == .raw)
    #expect(day.resolution == .minute)
    #expect(provider.asked.all == [.minute, .minute])
    let quarter = try await charts.priceChart(for: "AAPL", range: .threeMonths, now: Self.now)
    #expect(quarter.adjustment == .split)
  }

  @Test("each resolution's next wider one, and none after a month")
  func coarser() {
    #expect(BarResolution.minute.coarser == .fiveMinutes)
    #expect(BarResolution.hour.coarser == .day)
    #expect(BarResolution.day.coarser == .week)
    #expect(BarResolution.month.coarser == nil)
  }
}
