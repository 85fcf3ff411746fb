import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Simulated social sentiment")
struct SimulatedSentimentTests {
  let market = MarketFixture.market()
  let instant = MarketFixture.instant
  /// Friday 2026-11-20, 10:30 in New York.
  let now = MarketFixture.instant("2026-11-20T15:30:00Z")
  let today = MarketDate("2026-11-20")!

  private func sentiment(
    _ symbol: Symbol, _ from: MarketDate, _ to: MarketDate, asOf now: Date? = nil,
    market: SimulatedMarket? = nil
  ) throws -> SocialSentiment {
    try (market ?? self.market).socialSentiment(
      for: symbol, from: from, to: to, asOf: now ?? self.now)
  }

  @Test("Reddit and Twitter rows, each the sum of its days")
  func sumsOverDays() throws {
    let from = MarketDate("2026-11-09")!
    let total = try sentiment("AAPL", from, today)
    #expect(total.platforms.map(\.platform) == ["reddit", "twitter"])
    #expect(total.source == SimulatedMarket.attribution.name)
    #expect(total.from == from && total.to == today)
    let days = try (0...(today - from)).map {
      try sentiment("AAPL", from.adding(days: $0), from.adding(days: $0))
    }
    for (index, row) in total.platforms.enumerated() {
      #expect(row.mentions == days.reduce(0) { $0 + $1.platforms[index].mentions })
      #expect(row.positiveMentions == days.reduce(0) { $0 + $1.platforms[index].positiveMentions })
      #expect(row.negativeMentions == days.reduce(0) { $0 + $1.platforms[index].negativeMentions })
      #expect(row.mentions > 0)
    }
  }

  @Test("Score = (positive − negative) ÷ mentions, within [−1, 1], two fraction digits")
  func score() throws {
    for company in MarketFixture.universe.companies.prefix(100) {
      for row in try sentiment(company.symbol, MarketDate("2026-11-01")!, today).platforms {
        #expect(row.positiveMentions >= 0 && row.negativeMentions >= 0)
        #expect(row.positiveMentions + row.negativeMentions <= row.mentions)
        let expected =
          ExactDecimal(row.positiveMentions - row.negativeMentions).divided(
            by: ExactDecimal(row.mentions), fractionDigits: 2) ?? .zero
        #expect(row.score == expected)
        #expect(row.score.fractionDigits == 2)
        #expect(row.score >= -1 && row.score <= 1)
      }
    }
  }

  @Test("Days after today count nothing; a range wholly ahead has no rows")
  func nothingAfterNow() throws {
    let upToToday = try sentiment("TSLA", MarketDate("2026-11-10")!, today)
    let beyond = try sentiment("TSLA", MarketDate("2026-11-10")!, MarketDate("2026-12-31")!)
    #expect(beyond.platforms == upToToday.platforms)
    #expect(try sentiment("TSLA", today.adding(days: 1), today.adding(days: 5)).platforms.isEmpty)
    // Today counts only as far as it has gone.
    let morning = try sentiment("TSLA", today, today)
    let evening = try sentiment("TSLA", today, today, asOf: instant("2026-11-21T04:00:00Z"))
    #expect(morning.platforms[1].mentions < evening.platforms[1].mentions)
  }

  @Test("Bigger companies are talked about more")
  func popularity() throws {
    let from = MarketDate("2026-10-01")!
    let apple = try sentiment("AAPL", from, today)
    let small = try sentiment("TPB", from, today)
    for index in 0..<2 {
      #expect(apple.platforms[index].mentions > 10 * small.platforms[index].mentions)
    }
  }

  @Test("Big moves bring more mentions, and the tone follows the move")
  func followsMoves() throws {
    var quiet: [Double] = []
    var loud: [Double] = []
    var agreeing = 0
    var bigDays = 0
    for company in MarketFixture.universe.companies.prefix(60) {
      let sigma = ContentTestSupport.stock(market, company.symbol).dailyVolatility
      let month = try sentiment(
        company.symbol, MarketDate("2026-10-01")!, MarketDate("2026-10-31")!)
      let perDay = Double(month.platforms[1].mentions) / 31
      let days = try ContentTestSupport.days(
        market, company.symbol, from: MarketDate("2026-10-01")!, to: MarketDate("2026-10-31")!)
      for day in days {
        let row = try sentiment(company.symbol, day.date, day.date).platforms[1]
        let change =
          NSDecimalNumber(decimal: day.bar.close.value / day.previousClose.value).doubleValue - 1
        let relative = Double(row.mentions) / perDay
        if change.magnitude < 0.5 * sigma { quiet.append(relative) }
        if change.magnitude > 2 * sigma {
          loud.append(relative)
          bigDays += 1
          if (row.positiveMentions > row.negativeMentions) == (change > 0) { agreeing += 1 }
        }
      }
    }
    #expect(loud.count > 10)
    let loudMean = loud.reduce(0, +) / Double(loud.count)
    let quietMean = quiet.reduce(0, +) / Double(quiet.count)
    #expect(loudMean > 1.5 * quietMean)
    #expect(Double(agreeing) / Double(bigDays) > 0.8)
  }

  @Test("Deterministic per seed; errors and the IPO")
  func determinismAndErrors() throws {
    let from = MarketDate("2026-11-01")!
    let first = try sentiment("GME", from, today)
    #expect(try sentiment("GME", from, today, market: MarketFixture.market()) == first)
    #expect(try sentiment("GME", from, today, market: MarketFixture.market(seed: 7)) != first)
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) {
      try sentiment("NOPE", from, today)
    }
    #expect(throws: MarketDataError.invalidRequest("The date range is empty")) {
      try sentiment("AAPL", today, from)
    }
    // Airbnb listed on 2020-12-10: nothing before, and only days since then count.
    let ipoDay = MarketDate("2020-12-10")!
    let beforeIPO = try sentiment(
      "ABNB", MarketDate("2020-12-01")!, MarketDate("2020-12-09")!,
      asOf: instant("2020-12-31T18:00:00Z"))
    #expect(beforeIPO.platforms.isEmpty)
    let around = try sentiment(
      "ABNB", MarketDate("2020-12-01")!, MarketDate("2020-12-20")!,
      asOf: instant("2020-12-31T18:00:00Z"))
    let since = try sentiment(
      "ABNB", ipoDay, MarketDate("2020-12-20")!, asOf: instant("2020-12-31T18:00:00Z"))
    #expect(around.platforms == since.platforms)
    #expect(
      try sentiment("ABNB", ipoDay, ipoDay, asOf: instant("2020-12-09T18:00:00Z")).platforms.isEmpty
    )
  }
}
