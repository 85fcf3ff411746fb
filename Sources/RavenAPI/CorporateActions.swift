import Foundation
import RavenCore

/// `GET /api/v1/stocks/{symbol}/corporate-actions`: a company's splits and dividends, past
/// and announced (nothing before its declaration date), newest ex-date first.
public struct CorporateActionsBody: Sendable, Hashable, Codable {
  public var symbol: Symbol
  /// Who supplies them; null where no source in use serves them (nothing is booked then).
  public var source: String?
  public var actions: [CorporateActionSummary]
  /// The regular dividends gone ex over the last year, as a percentage of the price.
  public var dividendYield: ExactDecimal?
  /// The next dividend to go ex (announced), else none.
  public var nextDividend: CorporateActionSummary?
  /// The latest split gone ex.
  public var lastSplit: CorporateActionSummary?

  public init(
    symbol: Symbol, source: String?, actions: [CorporateActionSummary],
    dividendYield: ExactDecimal?, nextDividend: CorporateActionSummary?,
    lastSplit: CorporateActionSummary?
  ) {
    self.symbol = symbol
    self.source = source
    self.actions = actions
    self.dividendYield = dividendYield
    self.nextDividend = nextDividend
    self.lastSplit = lastSplit
  }

  enum CodingKeys: String, CodingKey {
    case symbol, source, actions, dividendYield, nextDividend, lastSplit
  }

  /// Every key written, `null` where there is none.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(symbol, forKey: .symbol)
    try container.encode(source, forKey: .source)
    try container.encode(actions, forKey: .actions)
    try container.encode(dividendYield, forKey: .dividendYield)
    try container.encode(nextDividend, forKey: .nextDividend)
    try container.encode(lastSplit, forKey: .lastSplit)
  }
}

extension CorporateActionsBody {
  /// `symbol`'s answer where no source in use serves corporate actions: none, and none
  /// booked.
  public static func unserved(_ symbol: Symbol) -> CorporateActionsBody {
    CorporateActionsBody(
      symbol: symbol, source: nil, actions: [], dividendYield: nil, nextDividend: nil,
      lastSplit: nil)
  }

  /// The body for `actions` of `symbol` (every one the source knows, in ex-date order) at
  /// `today`, the stock at `price`: those declared by today, newest first, the regular
  /// dividends gone ex over the last year as a yield on the price, the next dividend to go
  /// ex and the last split.
  public init(
    symbol: Symbol, source: String, actions: [CorporateAction], price: Price, today: MarketDate
  ) {
    let known = actions.filter { $0.isKnown(on: today) }
    let summaries = known.reversed().map { CorporateActionSummary($0, today: today) }
    let yearAgo = today.adding(days: -365)
    let paid = known.filter {
      guard case .cashDividend(_, false) = $0.kind else { return false }
      return $0.exDate > yearAgo && $0.exDate <= today
    }.compactMap(\.dividendRate).reduce(Price.zero) { $0 + $1 }
    self.init(
      symbol: symbol, source: source, actions: summaries,
      dividendYield: price.isPositive && !paid.isZero
        ? (paid.exact * 100).divided(by: price.exact, fractionDigits: 2) : nil,
      nextDividend: summaries.last { $0.rate != nil && $0.exDate >= today },
      lastSplit: summaries.first { $0.ratio != nil && $0.exDate <= today })
  }
}

/// One split or dividend, as an app shows it.
public struct CorporateActionSummary: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case dividend
    case specialDividend = "special_dividend"
    case split
    case reverseSplit = "reverse_split"
  }

  public var id: String
  public var symbol: Symbol
  public var type: Kind
  /// A dividend's cash per share.
  public var rate: Price?
  /// A split's "4:1" or "1:10".
  public var ratio: String?
  /// `null` where the source does not say (Alpaca's market data API).
  public var declarationDate: MarketDate?
  public var exDate: MarketDate
  public var recordDate: MarketDate
  public var payableDate: MarketDate
  /// `announced` before its ex-date, `ex` from it until paid, `paid` from its payable date.
  public var status: String

  public init(_ action: CorporateAction, today: MarketDate) {
    id = action.id
    symbol = action.symbol
    switch action.kind {
    case .cashDividend(let rate, let special):
      type = special ? .specialDividend : .dividend
      self.rate = rate
    case .split(let ratio):
      type = ratio.isReverse ? .reverseSplit : .split
      self.ratio = ratio.description
    }
    declarationDate = action.declarationDate
    exDate = action.exDate
    recordDate = action.recordDate
    payableDate = action.payableDate
    status = today < action.exDate ? "announced" : today < action.payableDate ? "ex" : "paid"
  }

  enum CodingKeys: String, CodingKey {
    case id, symbol, type, rate, ratio, declarationDate, exDate, recordDate, payableDate, status
  }

  /// Every key written: a dividend's `ratio` and a split's `rate` are `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(symbol, forKey: .symbol)
    try container.encode(type, forKey: .type)
    try container.encode(rate, forKey: .rate)
    try container.encode(ratio, forKey: .ratio)
    try container.encode(declarationDate, forKey: .declarationDate)
    try container.encode(exDate, forKey: .exDate)
    try container.encode(recordDate, forKey: .recordDate)
    try container.encode(payableDate, forKey: .payableDate)
    try container.encode(status, forKey: .status)
  }
}

/// `GET /api/v1/activities`: fills, dividends and splits, newest first.
public struct ActivitiesPageBody: Sendable, Hashable, Codable {
  public var activities: [AccountActivity]
  /// Pass as `before` for the next (older) page; null on the last page.
  public var nextCursor: String?

  public init(activities: [AccountActivity], nextCursor: String?) {
    self.activities = activities
    self.nextCursor = nextCursor
  }

  enum CodingKeys: String, CodingKey { case activities, nextCursor }

  /// Written out: clients look for `"nextCursor": null` to know they read the last page.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(activities, forKey: .activities)
    try container.encode(nextCursor, forKey: .nextCursor)
  }
}
