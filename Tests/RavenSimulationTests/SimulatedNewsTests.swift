import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Simulated news")
struct SimulatedNewsTests {
  let market = MarketFixture.market()
  let instant = MarketFixture.instant
  /// Friday 2026-11-20, after the close and the evening stories (18:00 EST = 23:00Z).
  let evening = MarketFixture.instant("2026-11-21T01:00:00Z")

  private func month(_ symbol: Symbol, asOf now: Date, market: SimulatedMarket? = nil) throws
    -> [NewsArticle]
  {
    try (market ?? self.market).news(
      for: symbol, from: now.addingTimeInterval(-30 * 86_400), to: now, asOf: now)
  }

  @Test("The same seed gives the same stories; another seed others")
  func determinism() throws {
    let first = try month("AAPL", asOf: evening)
    #expect(!first.isEmpty)
    #expect(try month("AAPL", asOf: evening, market: MarketFixture.market()) == first)
    let other = try month("AAPL", asOf: evening, market: MarketFixture.market(seed: 7))
    #expect(other.map(\.headline) != first.map(\.headline))
  }

  @Test("Stories lie in [from, min(to, now)], newest first; none from the future")
  func window() throws {
    // Friday 10:30 New York: that day's after-close stories are not out yet.
    let now = instant("2026-11-20T15:30:00Z")
    let from = instant("2026-11-01T00:00:00Z")
    for symbol: Symbol in ["AAPL", "TSLA", "KO", "MRNA"] {
      let stories = try market.news(
        for: symbol, from: from, to: instant("2026-12-31T00:00:00Z"), asOf: now)
      #expect(!stories.isEmpty)
      #expect(stories.allSatisfy { from <= $0.publishedAt && $0.publishedAt <= now })
      #expect(zip(stories, stories.dropFirst()).allSatisfy { $0.publishedAt >= $1.publishedAt })
      let later = try market.news(for: symbol, from: from, to: evening, asOf: evening)
      // Everything out at 10:30 is still there, unchanged, in the evening.
      #expect(Set(stories).isSubset(of: Set(later)))
      #expect(later.contains { $0.publishedAt > now })
    }
  }

  @Test("A story is the same whichever window asks for it")
  func stableAcrossWindows() throws {
    let wide = try month("NVDA", asOf: evening)
    let narrow = try market.news(
      for: "NVDA", from: instant("2026-11-09T00:00:00Z"), to: instant("2026-11-14T00:00:00Z"),
      asOf: evening)
    #expect(!narrow.isEmpty)
    #expect(Set(narrow).isSubset(of: Set(wide)))
    #expect(Set(wide.map(\.id)).count == wide.count)
  }

  @Test("Every story says it is simulated and links nowhere")
  func labelled() throws {
    for symbol: Symbol in ["AAPL", "AJG", "BRK.B", "JNJ"] {
      let stories = try month(symbol, asOf: evening)
      #expect(!stories.isEmpty)
      for story in stories {
        #expect(story.source == SimulatedMarket.newsSource)
        #expect(story.source.contains("Simulated"))
        #expect(story.summary.lowercased().contains("simulated"))
        #expect(story.url == nil && story.imageURL == nil)
        #expect(story.category == "company")
        #expect(story.symbol == symbol)
        #expect(story.id.hasPrefix("sim-\(symbol)-"))
      }
      let perDay = Dictionary(grouping: stories) { ContentTestSupport.date(ofStory: $0.id) }
      #expect(perDay.keys.allSatisfy { $0 != nil })
      #expect(perDay.values.allSatisfy { $0.count <= 3 })
    }
  }

  @Test("Big-move stories come exactly on days of two-sigma moves and quote the bars' change")
  func bigMovesMatchBars() throws {
    let verbs = ["jump": true, "soar": true, "slide": false, "tumble": false]
    var checked = 0
    for symbol: Symbol in ["AAPL", "TSLA", "MRNA", "AAL", "NVDA", "KO", "XOM", "AMC"] {
      let sigma = ContentTestSupport.stock(market, symbol).dailyVolatility
      let stories = try market.news(
        for: symbol, from: instant("2026-10-22T00:00:00Z"), to: evening, asOf: evening)
      let days = try ContentTestSupport.days(
        market, symbol, from: MarketDate("2026-10-22")!, to: MarketDate("2026-11-20")!)
      var storyDays: Set<MarketDate> = []
      for story in stories {
        guard let verb = verbs.first(where: { story.headline.contains(" shares \($0.key) ") })
        else { continue }
        let date = try #require(ContentTestSupport.date(ofStory: story.id))
        let day = try #require(days.first { $0.date == date })
        let change = try #require(
          day.previousClose.percentChange(to: day.bar.close, fractionDigits: 1))
        #expect(ContentTestSupport.percentFigure(in: story.headline) == change.magnitude)
        #expect(verb.value == change.isPositive)
        let exact = try #require(day.previousClose.percentChange(to: day.bar.close))
        #expect(story.summary.contains("(\(DisplayFormat.percent(exact)))"))
        #expect(story.summary.contains(DisplayFormat.currency(day.bar.close)))
        #expect(story.publishedAt > MarketFixture.calendar.session(on: date)!.close)
        storyDays.insert(date)
        checked += 1
      }
      let bigDays = days.filter { day in
        let ratio = NSDecimalNumber(decimal: day.bar.close.value / day.previousClose.value)
        return (ratio.doubleValue - 1).magnitude >= 2 * sigma
      }
      #expect(Set(bigDays.map(\.date)) == storyDays)
    }
    #expect(checked >= 5)
  }

  @Test("Weekly recaps quote the week's change from the bars")
  func weeklyRecap() throws {
    let stories = try month("MSFT", asOf: evening)
    let recap = try #require(
      stories.first { $0.headline.contains("ends the week") && $0.id.contains("20261120") })
    let days = try ContentTestSupport.days(
      market, "MSFT", from: MarketDate("2026-11-16")!, to: MarketDate("2026-11-20")!)
    let first = try #require(days.first)
    let last = try #require(days.last)
    let change = try #require(
      first.previousClose.percentChange(to: last.bar.close, fractionDigits: 1))
    if change.isZero {
      #expect(recap.headline.hasSuffix("flat"))
    } else {
      #expect(ContentTestSupport.percentFigure(in: recap.headline) == change.magnitude)
      #expect(recap.headline.contains(change.isPositive ? " up " : " down "))
    }
    #expect(recap.summary.contains(DisplayFormat.currency(days.map(\.bar.high).max()!)))
    #expect(recap.summary.contains(DisplayFormat.currency(days.map(\.bar.low).min()!)))
  }

  @Test("52-week stories come on closes beyond every close of the year before")
  func yearExtremes() throws {
    var checked = 0
    // Each check reads a year of daily bars, so a handful of stories suffices.
    for company in MarketFixture.universe.companies.prefix(80) where checked < 8 {
      for story in try month(company.symbol, asOf: evening)
      where story.headline.contains("closes at a 52-week") {
        let date = try #require(ContentTestSupport.date(ofStory: story.id))
        let days = try ContentTestSupport.days(
          market, company.symbol, from: date.adding(days: -372), to: date)
        let day = try #require(days.last)
        #expect(day.date == date)
        let year = days.dropLast().suffix(252).map(\.bar.close)
        #expect(year.count == 252)
        if story.headline.hasSuffix("high") {
          #expect(day.bar.close > year.max()!)
          #expect(story.summary.contains("of \(DisplayFormat.currency(year.max()!)) set on"))
        } else {
          #expect(day.bar.close < year.min()!)
          #expect(story.summary.contains("of \(DisplayFormat.currency(year.min()!)) set on"))
        }
        #expect(story.summary.contains("finished at \(DisplayFormat.currency(day.bar.close))"))
        checked += 1
      }
    }
    #expect(checked >= 5)
  }

  @Test("Heavy-volume stories quote the day's volume against the 20-session average")
  func volumeSpikes() throws {
    var checked = 0
    for company in MarketFixture.universe.companies.prefix(150) {
      for story in try month(company.symbol, asOf: evening)
      where story.headline.hasPrefix("Heavy trading") {
        let date = try #require(ContentTestSupport.date(ofStory: story.id))
        let days = try ContentTestSupport.days(
          market, company.symbol, from: date.adding(days: -40), to: date)
        let day = try #require(days.last)
        let previous = days.dropLast().suffix(20).map(\.bar.volume)
        #expect(previous.count == 20)
        let average = previous.reduce(0, +) / 20
        #expect(day.bar.volume >= 2 * average)
        #expect(story.summary.hasPrefix("\(DisplayFormat.compact(day.bar.volume)) shares of"))
        #expect(story.summary.contains("average of \(DisplayFormat.compact(average))"))
        checked += 1
      }
    }
    #expect(checked >= 2)
  }

  @Test("Rating-change stories quote the month's analyst counts")
  func ratingChanges() throws {
    var checked = 0
    for company in MarketFixture.universe.companies.prefix(80) {
      let trends = try market.recommendationTrends(for: company.symbol, asOf: evening)
      for story in try month(company.symbol, asOf: evening)
      where story.headline.contains("nalyst") {
        let date = try #require(ContentTestSupport.date(ofStory: story.id))
        let index = try #require(trends.firstIndex { $0.period.month == date.month })
        let (current, previous) = (trends[index], trends[index + 1])
        let bullish = current.strongBuy + current.buy
        let total = bullish + current.hold + current.sell + current.strongSell
        #expect(story.summary.hasPrefix("\(bullish) of the \(total) analysts"))
        let before = previous.strongBuy + previous.buy
        let beforeTotal = before + previous.hold + previous.sell + previous.strongSell
        #expect(story.summary.contains("against \(before) of \(beforeTotal) last month"))
        if story.headline.contains("more bullish") {
          #expect(bullish * beforeTotal > before * total)
        }
        if story.headline.contains("more cautious") {
          #expect(bullish * beforeTotal < before * total)
        }
        // Out before the first session of the month opens.
        #expect(story.publishedAt < MarketFixture.calendar.session(on: date)!.open)
        checked += 1
      }
    }
    #expect(checked >= 5)
  }

  @Test("Earnings stories come out before the bell on the report day with the reported figures")
  func earningsStories() throws {
    let now = instant("2026-12-31T00:00:00Z")
    var found = 0
    for symbol: Symbol in ["AAPL", "MSFT", "JPM", "KO", "MRNA", "PFE"] {
      let reports = try market.earnings(for: symbol, asOf: now)
      let stories =
        try market.news(
          for: symbol, from: instant("2026-12-01T00:00:00Z"), to: now, asOf: now)
        + market.news(
          for: symbol, from: instant("2026-11-01T00:00:00Z"), to: instant("2026-12-01T00:00:00Z"),
          asOf: now)
        + market.news(
          for: symbol, from: instant("2026-10-01T00:00:00Z"), to: instant("2026-11-01T00:00:00Z"),
          asOf: now)
      for story in stories where story.headline.contains("EPS estimates") {
        let report = try #require(
          reports.first { story.headline.contains("Q\($0.quarter) \($0.year)") })
        #expect(story.summary.contains(DisplayFormat.currency(Money(exact: report.actual))))
        #expect(story.summary.contains(DisplayFormat.currency(Money(exact: report.estimate))))
        #expect(story.summary.contains(DisplayFormat.percent(report.surprisePercent)))
        let date = try #require(ContentTestSupport.date(ofStory: story.id))
        let session = try #require(MarketFixture.calendar.session(on: date))
        #expect(story.publishedAt < session.open)
        #expect(date.dayNumber - report.period.dayNumber >= 21)
        found += 1
      }
    }
    // Q3 reports land in October or November for every company.
    #expect(found >= 6)
  }

  @Test("On a report day the after-close story says the move followed the report, and which way")
  func reportDayStories() throws {
    let now = instant("2026-12-31T00:00:00Z")
    var found = 0
    for symbol: Symbol in ["AAPL", "MSFT", "JPM", "KO", "MRNA", "PFE"] {
      let stories = try [("10-01", "11-01"), ("11-01", "12-01")].flatMap { from, to in
        try market.news(
          for: symbol, from: instant("2026-\(from)T00:00:00Z"),
          to: instant("2026-\(to)T00:00:00Z"), asOf: now)
      }
      for report in stories where report.headline.contains("EPS estimates") {
        let date = try #require(ContentTestSupport.date(ofStory: report.id))
        let session = try #require(MarketFixture.calendar.session(on: date))
        let answer = try #require(
          stories.first {
            ContentTestSupport.date(ofStory: $0.id) == date && $0.publishedAt > session.close
              && $0.summary.contains("report, out before the opening bell")
          })
        let beat = report.headline.contains(" beats ")
        let up = try #require(Self.closeChange(of: answer)) > 0
        if beat || report.headline.contains(" misses ") {
          let agrees = answer.summary.contains("the way the surprise pointed")
          #expect(agrees == (beat == up), "\(answer.summary)")
        }
        found += 1
      }
    }
    #expect(found >= 6)
  }

  /// The sign of the day's change an after-close story quotes: "up $1.23" or "down $1.23".
  static func closeChange(of story: NewsArticle) -> Int? {
    if story.summary.contains(", up $") { return 1 }
    if story.summary.contains(", down $") { return -1 }
    return nil
  }

  @Test("A request over years looks back 30 days only")
  func boundedSpan() throws {
    let stories = try market.news(
      for: "AAPL", from: instant("2001-01-01T00:00:00Z"), to: evening, asOf: evening)
    #expect(!stories.isEmpty)
    let earliest = evening.addingTimeInterval(-Double(SimulatedMarket.newsLookbackDays) * 86_400)
    #expect(stories.allSatisfy { $0.publishedAt >= earliest })
  }

  @Test("Unknown symbols throw; before the IPO there is no news")
  func unknownAndUnlisted() throws {
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try market.news(
        for: "NOPE", from: evening.addingTimeInterval(-86_400), to: evening, asOf: evening)
    }
    // Airbnb listed on 2020-12-10.
    let beforeIPO = instant("2020-12-09T23:00:00Z")
    #expect(try month("ABNB", asOf: beforeIPO).isEmpty)
    #expect(throws: MarketDataError.invalidRequest("The interval is empty")) {
      try market.news(for: "AAPL", from: evening, to: evening.addingTimeInterval(-1), asOf: evening)
    }
  }
}
