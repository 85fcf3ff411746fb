import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Simulated earnings")
struct SimulatedEarningsTests {
  let market = MarketFixture.market()
  let instant = MarketFixture.instant
  let now = MarketFixture.instant("2026-11-20T15:30:00Z")

  @Test("The last four reported quarters, newest first, consecutive, dated at quarter end")
  func lastFourQuarters() throws {
    let reports = try market.earnings(for: "AAPL", asOf: now)
    #expect(reports.count == 4)
    for (newer, older) in zip(reports, reports.dropFirst()) {
      #expect(newer.year * 4 + newer.quarter == older.year * 4 + older.quarter + 1)
    }
    for report in reports {
      let end = FiscalQuarter(year: report.year, quarter: report.quarter).lastDay
      #expect(report.period == end)
      #expect(report.period.adding(days: 1).day == 1)
      #expect(report.symbol == "AAPL")
      #expect(report.source == SimulatedMarket.attribution.name)
    }
  }

  @Test(
    "A quarter is returned only once its report is out, before the bell, weeks after quarter end")
  func noUnreportedQuarter() throws {
    for symbol: Symbol in ["AAPL", "JPM", "KO", "MRNA", "BRK.B"] {
      let stock = ContentTestSupport.stock(market, symbol)
      let quarter = FiscalQuarter(year: 2026, quarter: 3)
      let report = try #require(market.earningsReport(stock, quarter: quarter))
      let day = MarketFixture.calendar.sessions[report.session]
      #expect(report.publishedAt < day.open)
      #expect(MarketFixture.calendar.timeZone.marketDate(of: report.publishedAt) == day.date)
      #expect((21...46).contains(day.date - quarter.lastDay))
      let before = try market.earnings(for: symbol, asOf: report.publishedAt.addingTimeInterval(-1))
      let after = try market.earnings(for: symbol, asOf: report.publishedAt)
      #expect(before.first?.year == 2026 && before.first?.quarter == 2)
      #expect(after.first == report.surprise)
      #expect(Array(after.dropFirst()) == Array(before.prefix(3)))
    }
  }

  @Test("Surprise = actual − estimate and surprise % = surprise ÷ |estimate| × 100, in cents")
  func surpriseArithmetic() throws {
    for company in MarketFixture.universe.companies.prefix(120) {
      for report in try market.earnings(for: company.symbol, asOf: now) {
        #expect(report.actual.fractionDigits == 2 && report.estimate.fractionDigits == 2)
        #expect(!report.estimate.isZero)
        #expect(report.surprise == report.actual - report.estimate)
        let percent = (report.surprise * 100).divided(
          by: report.estimate.magnitude, fractionDigits: 2)
        #expect(report.surprisePercent == percent)
        #expect(report.surprisePercent.fractionDigits == 2)
      }
    }
  }

  @Test("Mostly modest beats, some misses, across the universe")
  func surpriseDistribution() throws {
    var beats = 0
    var misses = 0
    var total = 0
    for company in MarketFixture.universe.companies {
      for report in try market.earnings(for: company.symbol, asOf: now) {
        total += 1
        if report.surprise.isPositive { beats += 1 }
        if report.surprise.isNegative { misses += 1 }
        // A surprise on an estimate of a few cents is mostly the rounding to cents (0.04
        // against 0.03 is 33 %), as with real penny stocks; larger estimates are modest.
        if report.estimate.magnitude >= ExactDecimal(units: 10, fractionDigits: 2) {
          #expect(report.surprisePercent.magnitude <= 25, "\(company.symbol) \(report)")
        }
      }
    }
    #expect(total > 1_900)
    #expect(Double(beats) / Double(total) > 0.6 && Double(beats) / Double(total) < 0.85)
    #expect(Double(misses) / Double(total) > 0.1 && Double(misses) / Double(total) < 0.3)
  }

  @Test("EPS fits the price: trailing P/E of profitable companies is plausible for the industry")
  func priceEarnings() throws {
    var ratios: [String: [Double]] = [:]
    for company in MarketFixture.universe.companies {
      let reports = try market.earnings(for: company.symbol, asOf: now)
      let annual = reports.reduce(ExactDecimal.zero) { $0 + $1.actual }
      guard reports.count == 4, reports.allSatisfy({ $0.actual.isPositive }) else { continue }
      let price = try market.quote(for: company.symbol, at: now).price
      let ratio = NSDecimalNumber(decimal: price.value / annual.value).doubleValue
      #expect(ratio > 4 && ratio < 90, "\(company.symbol) P/E \(ratio)")
      ratios[company.industry, default: []].append(ratio)
    }
    func median(_ industry: String) throws -> Double {
      let sorted = try #require(ratios[industry]).sorted()
      return sorted[sorted.count / 2]
    }
    #expect(try median("Technology") > median("Banking") + 8)
  }

  @Test("Deterministic per seed")
  func determinism() throws {
    let first = try market.earnings(for: "MSFT", asOf: now)
    #expect(try MarketFixture.market().earnings(for: "MSFT", asOf: now) == first)
    #expect(try MarketFixture.market(seed: 7).earnings(for: "MSFT", asOf: now) != first)
  }

  @Test("Unknown symbols throw; before the IPO nothing is reported, then quarters accrue")
  func unknownAndUnlisted() throws {
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try market.earnings(for: "NOPE", asOf: now)
    }
    // Airbnb listed on 2020-12-10: Q4 2020 is its first quarter as a listed company.
    #expect(try market.earnings(for: "ABNB", asOf: instant("2020-12-09T18:00:00Z")).isEmpty)
    let early = try market.earnings(for: "ABNB", asOf: instant("2021-06-01T18:00:00Z"))
    #expect(early.map(\.quarter) == [1, 4])
    #expect(early.last?.year == 2020)
  }
}
