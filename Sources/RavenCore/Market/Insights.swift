import Foundation

/// How many analysts rated a stock each way in one month (Finnhub's recommendation trends).
public struct RecommendationTrend: Sendable, Hashable, Codable {
  public var symbol: Symbol
  /// The first day of the month the counts describe.
  public var period: MarketDate
  public var strongBuy: Int
  public var buy: Int
  public var hold: Int
  public var sell: Int
  public var strongSell: Int
  public var source: String

  public init(
    symbol: Symbol, period: MarketDate, strongBuy: Int, buy: Int, hold: Int, sell: Int,
    strongSell: Int, source: String
  ) {
    self.symbol = symbol
    self.period = period
    self.strongBuy = strongBuy
    self.buy = buy
    self.hold = hold
    self.sell = sell
    self.strongSell = strongSell
    self.source = source
  }
}

/// Reported earnings per share for a quarter against what analysts expected.
public struct EarningsSurprise: Sendable, Hashable, Codable {
  public var symbol: Symbol
  /// The last day of the fiscal quarter.
  public var period: MarketDate
  public var year: Int
  public var quarter: Int
  /// Reported EPS in dollars.
  public var actual: ExactDecimal
  /// The analysts' consensus EPS in dollars.
  public var estimate: ExactDecimal
  /// actual − estimate.
  public var surprise: ExactDecimal
  /// surprise ÷ |estimate| × 100.
  public var surprisePercent: ExactDecimal
  public var source: String

  public init(
    symbol: Symbol, period: MarketDate, year: Int, quarter: Int, actual: ExactDecimal,
    estimate: ExactDecimal, source: String
  ) {
    self.symbol = symbol
    self.period = period
    self.year = year
    self.quarter = quarter
    self.actual = actual
    self.estimate = estimate
    self.surprise = actual - estimate
    self.surprisePercent =
      ((actual - estimate) * 100).divided(by: estimate.magnitude, fractionDigits: 2)
      ?? ExactDecimal.zero.withFractionDigits(2)
    self.source = source
  }
}

/// What people said about a stock on social platforms over a period.
public struct SocialSentiment: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var from: MarketDate
  public var to: MarketDate
  /// One row per platform (`reddit`, `twitter`).
  public var platforms: [PlatformSentiment]
  public var source: String

  public init(
    symbol: Symbol, from: MarketDate, to: MarketDate, platforms: [PlatformSentiment],
    source: String
  ) {
    self.symbol = symbol
    self.from = from
    self.to = to
    self.platforms = platforms
    self.source = source
  }
}

/// Mentions on one platform, split by tone.
public struct PlatformSentiment: Sendable, Hashable, Codable {
  public var platform: String
  public var mentions: Int
  public var positiveMentions: Int
  public var negativeMentions: Int
  /// The mean sentiment score from −1 (negative) to 1 (positive), two fraction digits.
  public var score: ExactDecimal

  public init(
    platform: String, mentions: Int, positiveMentions: Int, negativeMentions: Int,
    score: ExactDecimal
  ) {
    self.platform = platform
    self.mentions = mentions
    self.positiveMentions = positiveMentions
    self.negativeMentions = negativeMentions
    self.score = score
  }
}
