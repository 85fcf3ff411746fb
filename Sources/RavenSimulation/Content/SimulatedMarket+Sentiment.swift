import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The platforms `socialSentiment(for:from:to:asOf:)` reports, in order.
  public static let sentimentPlatforms = ["reddit", "twitter"]

  /// Simulated mentions of the stock on each platform, summed over the New York
  /// days `from` through `to` that have begun by `now` (today counts as far as it
  /// has gone).
  ///
  /// Chatter grows with the company's size, doubles or more on days of big moves and
  /// quiets down at weekends; its tone leans with the day's return. The score is
  /// (positive − negative) ÷ mentions, from −1 to 1 with two fraction digits. Days
  /// before the stock's first trading day count nothing; when no day counts, there
  /// are no platform rows.
  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf now: Date
  ) throws(MarketDataError) -> SocialSentiment {
    guard from <= to else { throw .invalidRequest("The date range is empty") }
    let stock = try stock(symbol)
    var result = SocialSentiment(
      symbol: symbol, from: from, to: to, platforms: [], source: Self.attribution.name)
    let today = calendar.timeZone.marketDate(of: now)
    guard listedSession(stock, asOf: now) != nil, let listed = firstTradingDay(stock) else {
      return result
    }
    let first = max(from, listed)
    let last = min(to, today)
    guard first <= last else { return result }

    let traits = content("sentiment", stock)
    let typical = Self.sentimentPlatforms.indices.map {
      typicalMentions(stock, platform: $0, traits: traits)
    }
    var tallies = Self.sentimentPlatforms.map { _ in SentimentTally() }
    for dayNumber in first.dayNumber...last.dayNumber {
      let day = MarketDate(dayNumber: dayNumber)
      let mood = socialMood(stock, on: day, asOf: now)
      let draws = traits.stream(day.dayNumber)
      for platform in tallies.indices {
        tallies[platform].add(
          chatter(typical: typical[platform], mood: mood, draws: draws.stream(platform)))
      }
    }
    result.platforms = zip(Self.sentimentPlatforms, tallies).map { $1.sentiment(platform: $0) }
    return result
  }

  /// What moved people to post on `day`: the return in units of the stock's daily
  /// volatility, how active a day it is, and how much of the day has passed at `now`.
  private func socialMood(_ stock: StockModel, on day: MarketDate, asOf now: Date) -> SocialMood {
    let seconds = Double(calendar.timeZone.secondsSinceMidnight(of: now))
    let elapsed = calendar.timeZone.marketDate(of: now) == day ? min(seconds / 86_400, 1) : 1
    guard let index = calendar.sessionIndex(on: day), index > stock.firstSession else {
      // No trading (a weekend, a holiday, the first day with no previous close): quieter.
      let activity = calendar.isTradingDay(day) ? 1.0 : 0.45
      return SocialMood(move: 0, activity: activity, elapsed: elapsed)
    }
    let session = calendar.sessions[index]
    let previous = Double(closeCents(stock, session: index - 1, splitsAsOf: index))
    let price: Double
    if now >= session.close {
      price = Double(closeCents(stock, session: index))
    } else if now >= session.open {
      // Today, while the session runs: the move so far, never the close to come.
      price = Double(path(stock, session: index).state(at: now).price)
    } else {
      price = previous
    }
    return SocialMood(
      move: (price / previous - 1) / stock.dailyVolatility, activity: 1, elapsed: elapsed)
  }

  /// Mentions of the stock on one platform on a quiet trading day: growing with the
  /// company's prominence, and with a buzz of its own (some stocks are talked about
  /// far beyond their size). Twitter (X) carries more than twice Reddit's volume.
  private func typicalMentions(_ stock: StockModel, platform: Int, traits: DeterministicNoise)
    -> Double
  {
    let prominence = stock.company.prominence
    let base =
      platform == 0 ? 2 + 260 * prominence * prominence : 5 + 600 * prominence * prominence
    return base * traits.value(platform, in: 0.6...1.6)
  }

  /// One platform's mentions on one day, with `draws` that day's noise for the platform.
  private func chatter(typical: Double, mood: SocialMood, draws: DeterministicNoise)
    -> SentimentTally
  {
    let expected =
      typical * mood.activity * (1 + 0.6 * mood.move.magnitude) * mood.elapsed
      * draws.value(0, in: 0.75...1.25)
    let mentions = Int(expected.rounded())
    let polar = Int((Double(mentions) * draws.value(1, in: 0.5...0.8)).rounded())
    let lean = bounded(mood.move / 2.5, -1, 1)
    let positiveShare = bounded(0.52 + 0.38 * lean + 0.06 * draws.normal(2), 0.05, 0.95)
    let positive = Int((Double(polar) * positiveShare).rounded())
    return SentimentTally(mentions: mentions, positive: positive, negative: polar - positive)
  }
}

/// A day's return in daily standard deviations, its activity (1 on trading days) and
/// the fraction of it that has passed.
private struct SocialMood {
  var move: Double
  var activity: Double
  var elapsed: Double
}

/// Mentions summed over days.
private struct SentimentTally {
  var mentions = 0
  var positive = 0
  var negative = 0

  mutating func add(_ other: SentimentTally) {
    mentions += other.mentions
    positive += other.positive
    negative += other.negative
  }

  func sentiment(platform: String) -> PlatformSentiment {
    let score =
      ExactDecimal(positive - negative).divided(by: ExactDecimal(mentions), fractionDigits: 2)
      ?? ExactDecimal.zero.withFractionDigits(2)
    return PlatformSentiment(
      platform: platform, mentions: mentions, positiveMentions: positive,
      negativeMentions: negative, score: score)
  }
}
