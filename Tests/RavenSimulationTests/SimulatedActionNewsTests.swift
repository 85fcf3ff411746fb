import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

/// A dividend or a split is news on the day it is declared, before that day's open, and
/// never earlier (issue 34).
@Suite("Simulated news of dividends and splits")
struct SimulatedActionNewsTests {
  let market = MarketFixture.market()
  let calendar = MarketFixture.calendar

  func stories(of action: CorporateAction, asOf now: Date) throws -> [NewsArticle] {
    let day = calendar.timeZone.instant(on: action.declared, secondsSinceMidnight: 0)
    return try market.news(
      for: action.symbol, from: day, to: day.addingTimeInterval(86_400), asOf: now)
  }

  @Test("The declaration day's press release says what, how much and when")
  func declared() throws {
    let dividend = try #require(
      try market.corporateActions(of: "KO").last {
        $0.dividendRate != nil && $0.declared < MarketDate("2026-11-01")!
      })
    let split = try #require(
      try market.universe.companies.lazy.compactMap { company in
        try market.corporateActions(of: company.symbol).first {
          $0.splitRatio?.isReverse == false && $0.declared.year == 2026
            && $0.declared < MarketDate("2026-11-01")!
        }
      }.first)
    for action in [dividend, split] {
      let close = calendar.sessions[try #require(calendar.sessionIndex(on: action.declared))]
        .close
      let story = try #require(
        try stories(of: action, asOf: close).first {
          $0.headline.contains("declares") || $0.headline.contains("announces")
        }, "\(action.id)")
      #expect(story.publishedAt < close.addingTimeInterval(-6.5 * 3_600), "\(action.id)")
      #expect(story.summary.contains("simulated"))
      switch action.kind {
      case .cashDividend(let rate, _):
        #expect(story.headline.contains(DisplayFormat.currency(rate)))
        #expect(story.summary.contains(NewsWriter.day(action.payableDate)))
      case .split(let ratio):
        #expect(story.headline.contains("\(ratio.new)-for-\(ratio.old) stock split"))
        #expect(story.summary.contains(NewsWriter.day(action.exDate)))
      }
      // The evening before, nothing is known of it.
      let eve = calendar.timeZone.instant(on: action.declared, secondsSinceMidnight: 0)
      #expect(
        try stories(of: action, asOf: eve).allSatisfy {
          !$0.headline.contains("declares") && !$0.headline.contains("announces")
        })
    }
  }
}
