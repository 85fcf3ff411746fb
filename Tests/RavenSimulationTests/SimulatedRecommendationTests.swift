import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Simulated analyst recommendations")
struct SimulatedRecommendationTests {
  let market = MarketFixture.market()
  let instant = MarketFixture.instant
  let now = MarketFixture.instant("2026-11-20T15:30:00Z")

  @Test("Six months, newest first, the current one included, none not yet begun")
  func months() throws {
    let trends = try market.recommendationTrends(for: "AAPL", asOf: now)
    #expect(
      trends.map(\.period.description) == [
        "2026-11-01", "2026-10-01", "2026-09-01", "2026-08-01", "2026-07-01", "2026-06-01",
      ])
    #expect(
      trends.allSatisfy { $0.symbol == "AAPL" && $0.source == SimulatedMarket.attribution.name })
    // Midnight starting December 1 in New York: December has begun.
    let december = try market.recommendationTrends(
      for: "AAPL", asOf: instant("2026-12-01T05:00:00Z"))
    #expect(december.first?.period == MarketDate("2026-12-01"))
    let lastMoment = try market.recommendationTrends(
      for: "AAPL", asOf: instant("2026-12-01T04:59:59Z"))
    #expect(lastMoment.first?.period == MarketDate("2026-11-01"))
  }

  @Test("A month's counts do not change once it has begun")
  func stableOnceBegun() throws {
    let inNovember = try market.recommendationTrends(for: "TSLA", asOf: now)
    let inMarch = try market.recommendationTrends(
      for: "TSLA", asOf: instant("2027-03-10T15:00:00Z"))
    let novemberLater = try #require(inMarch.first { $0.period == MarketDate("2026-11-01") })
    #expect(inNovember.first == novemberLater)
  }

  @Test("Counts are whole analysts, 8 to 55, more for bigger companies")
  func coverage() throws {
    for company in MarketFixture.universe.companies {
      for trend in try market.recommendationTrends(for: company.symbol, asOf: now) {
        let counts = [trend.strongBuy, trend.buy, trend.hold, trend.sell, trend.strongSell]
        #expect(counts.allSatisfy { $0 >= 0 })
        #expect((8...55).contains(counts.reduce(0, +)), "\(company.symbol)")
      }
    }
    let apple = try #require(try market.recommendationTrends(for: "AAPL", asOf: now).first)
    let small = try #require(try market.recommendationTrends(for: "TPB", asOf: now).first)
    #expect(apple.total >= 45)
    #expect(small.total <= 15)
  }

  @Test("The mix drifts slowly from month to month")
  func slowDrift() throws {
    var shifts: [Double] = []
    for company in MarketFixture.universe.companies.prefix(150) {
      let trends = try market.recommendationTrends(for: company.symbol, asOf: now)
      for (newer, older) in zip(trends, trends.dropFirst()) {
        #expect(abs(newer.total - older.total) <= 4)
        shifts.append(abs(share(newer) - share(older)))
      }
    }
    let mean = shifts.reduce(0, +) / Double(shifts.count)
    #expect(mean < 0.08)
    #expect(shifts.contains { $0 > 0 })
  }

  @Test("After a strong three months more analysts say buy than after a weak three months")
  func leansWithPerformance() throws {
    var afterGains: [Double] = []
    var afterLosses: [Double] = []
    let timeZone = MarketFixture.calendar.timeZone
    for company in MarketFixture.universe.companies.prefix(200) {
      for trend in try market.recommendationTrends(for: company.symbol, asOf: now).dropFirst() {
        // The last close before the month began against the one three months earlier:
        // a quote outside a session stands at the last close.
        let start = timeZone.instant(on: trend.period.adding(months: -3), secondsSinceMidnight: 0)
        let end = timeZone.instant(on: trend.period, secondsSinceMidnight: 0)
        let before = try market.quote(for: company.symbol, at: start).price
        let after = try market.quote(for: company.symbol, at: end).price
        let change = NSDecimalNumber(decimal: after.value / before.value).doubleValue
        if change > 1.12 { afterGains.append(share(trend)) }
        if change < 0.9 { afterLosses.append(share(trend)) }
      }
    }
    #expect(afterGains.count > 20 && afterLosses.count > 20)
    let gains = afterGains.reduce(0, +) / Double(afterGains.count)
    let losses = afterLosses.reduce(0, +) / Double(afterLosses.count)
    #expect(gains > losses + 0.05)
  }

  @Test("Deterministic per seed; unknown symbols throw; nothing before the IPO")
  func determinismAndErrors() throws {
    let first = try market.recommendationTrends(for: "NVDA", asOf: now)
    #expect(try MarketFixture.market().recommendationTrends(for: "NVDA", asOf: now) == first)
    #expect(try MarketFixture.market(seed: 7).recommendationTrends(for: "NVDA", asOf: now) != first)
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try market.recommendationTrends(for: "NOPE", asOf: now)
    }
    // Airbnb listed on 2020-12-10.
    #expect(
      try market.recommendationTrends(for: "ABNB", asOf: instant("2020-12-09T18:00:00Z")).isEmpty)
    let early = try market.recommendationTrends(for: "ABNB", asOf: instant("2021-02-15T18:00:00Z"))
    #expect(early.map(\.period.description) == ["2021-02-01", "2021-01-01", "2020-12-01"])
  }

  private func share(_ trend: RecommendationTrend) -> Double {
    Double(trend.strongBuy + trend.buy) / Double(trend.total)
  }
}
