import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

/// The simulated market's corporate life (issue 34): which companies pay dividends and
/// split, when, and the raw price those actions make of the model's adjusted series.
@Suite("Simulated corporate actions")
struct SimulatedCorporateActionTests {
  let market = MarketFixture.market()
  let calendar = MarketFixture.calendar

  static let payers: [Symbol] = ["KO", "DUK", "XOM", "O", "MO", "T", "SPY", "TLT"]

  func schedule(_ symbol: Symbol) throws -> CorporateActionSchedule {
    market.schedule(try market.stock(symbol))
  }

  @Test("Dividends are dated as the exchange dates them: declared weeks ahead, T+1 from 2024-05-28")
  func dividendDates() throws {
    let tPlusOne = MarketDate("2024-05-28")!
    // Most of these pay under any seed (a utility 95 % of the time, an oil major 85 %).
    let paying = try Self.payers.map { try market.corporateActions(of: $0) }.filter {
      $0.filter { $0.dividendRate != nil }.count > 20
    }
    #expect(paying.count >= 6, "\(paying.count) of \(Self.payers.count) pay")
    for actions in paying {
      for action in actions.filter({ $0.dividendRate != nil }) {
        let ex = try #require(calendar.sessionIndex(on: action.exDate), "\(action.id)")
        #expect(action.declarationDate != nil && action.declared < action.exDate)
        let declared = try #require(calendar.sessionIndex(on: action.declared))
        #expect((10...30).contains(ex - declared) || declared == 0, "\(action.id) \(ex - declared)")
        if action.exDate >= tPlusOne {
          #expect(action.recordDate == action.exDate, "\(action.id)")
        } else {
          #expect(
            action.recordDate == calendar.nextTradingDay(after: action.exDate), "\(action.id)")
        }
        let wait = action.payableDate - action.recordDate
        #expect(
          (7...30).contains(wait) || action.exDate.year == NYSECalendar.lastYear,
          "\(action.id) \(action.recordDate) \(action.payableDate)")
        #expect(try #require(action.dividendRate).isPositive)
      }
    }
  }

  @Test("On an ex-date the raw price opens lower by exactly the dividend, or divided by the split")
  func rawPriceAtExDates() throws {
    for symbol in Self.payers + ["NVDA", "AAPL", "AMC"] {
      let stock = try market.stock(symbol)
      let series = market.daily(stock)
      let schedule = market.schedule(stock)
      func model(_ session: Int) -> Double {
        stock.referenceCents * DeterministicMath.exp(series.closeLevels[session])
      }
      // The anchor is where raw and model prices agree.
      #expect(schedule.rawFactor(session: stock.anchorSession) == 1)
      for action in schedule.actions {
        let ex = try #require(calendar.sessionIndex(on: action.exDate))
        let before = model(ex - 1) * schedule.rawFactor(session: ex - 1)
        let after = model(ex - 1) * schedule.rawFactor(session: ex)
        switch action.kind {
        case .cashDividend(let rate, _):
          let cents = NSDecimalNumber(decimal: rate.exact.value * 100).doubleValue
          #expect(abs(before - after - cents) < 1e-6 * before, "\(action.id)")
        case .split(let ratio):
          let multiple = Double(ratio.new) / Double(ratio.old)
          #expect(abs(before / after - multiple) < 1e-9, "\(action.id)")
        }
      }
    }
  }

  @Test("Raw prices stay where a real stock's would: splits keep them under about $1,000")
  func rawBand() throws {
    let today = try #require(calendar.sessionIndex(on: MarketDate("2026-11-20")!))
    for company in market.universe.companies {
      let stock = try market.stock(company.symbol)
      let series = market.daily(stock)
      let schedule = market.schedule(stock)
      // A company splits above $300–$1,000, never below twice its anchor price; between
      // an announcement and its ex-date the price may run on. Seen from the past, a price
      // may drift above the band (as real ones have); three times it is a collapse since,
      // which a reverse split explains.
      let ceiling = max(100_000, 2 * stock.referenceCents) * (ActionWalk.collapse + 0.5)
      for session in stride(from: stock.firstSession, through: today, by: 5) {
        let raw =
          stock.referenceCents * DeterministicMath.exp(series.closeLevels[session])
          * schedule.rawFactor(session: session)
        #expect(raw < ceiling, "\(company.symbol) at \(calendar.sessions[session].date): \(raw)")
        if raw >= ceiling { break }
      }
    }
  }

  @Test("The same seed gives the same actions; another seed other ones")
  func deterministic() throws {
    let again = MarketFixture.market()
    #expect(try market.corporateActions(of: "KO") == again.corporateActions(of: "KO"))
    let other = MarketFixture.market(seed: 7)
    #expect(try market.corporateActions(of: "KO") != other.corporateActions(of: "KO"))
  }

  @Test("What is known on a day is what was declared by then")
  func declaredBy() throws {
    let day = MarketDate("2025-06-02")!
    let known = try market.corporateActions(of: "KO", declaredBy: day)
    #expect(!known.isEmpty && known.allSatisfy { $0.declared <= day })
    let all = try market.corporateActions(of: "KO")
    #expect(all.filter { $0.declared <= day } == known)
    #expect(all.contains { $0.declared > day })
  }

  @Test("The universe: about half pays, at yields its industries pay; a handful of splits a year")
  func universe() throws {
    var payers = 0
    var yields: [Double] = []
    var splitsPerYear: [Int: Int] = [:]
    var utilityPayers = 0
    var utilities = 0
    var biotechPayers = 0
    for company in market.universe.companies {
      let actions = try market.corporateActions(of: company.symbol)
      let dividends2023 = actions.filter {
        $0.exDate.year == 2023 && $0.dividendRate != nil && $0.declared.year >= 2022
      }
      let pays = actions.contains { $0.dividendRate != nil }
      if pays { payers += 1 }
      if company.industry == "Utilities" {
        utilities += 1
        if pays { utilityPayers += 1 }
      }
      if company.industry == "Biotechnology", pays { biotechPayers += 1 }
      for action in actions where action.splitRatio != nil {
        splitsPerYear[action.exDate.year, default: 0] += 1
      }
      // The yield of 2023's regular dividends on the price at the anchor (raw = model there).
      let paid = dividends2023.reduce(0.0) { total, action in
        guard case .cashDividend(let rate, false) = action.kind else { return total }
        return total + NSDecimalNumber(decimal: rate.exact.value).doubleValue
      }
      if paid > 0 {
        yields.append(
          paid / NSDecimalNumber(decimal: company.referencePrice.exact.value).doubleValue)
      }
    }
    let share = Double(payers) / Double(market.universe.companies.count)
    #expect((0.4...0.65).contains(share), "payers: \(share)")
    #expect(utilityPayers * 10 >= utilities * 8)
    #expect(biotechPayers <= 3)
    let median = yields.sorted()[yields.count / 2]
    #expect((0.012...0.04).contains(median), "median yield: \(median)")
    let years = 2001...2025
    let splits = years.map { splitsPerYear[$0, default: 0] }
    let mean = Double(splits.reduce(0, +)) / Double(years.count)
    #expect((2...40).contains(mean), "splits a year: \(splits)")
  }
}

extension CorporateAction {
  /// When the simulated market declared it: it always says (the tests check it is not
  /// `nil` where they read it).
  var declared: MarketDate { declarationDate ?? exDate }
}
