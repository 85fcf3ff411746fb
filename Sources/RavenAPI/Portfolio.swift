import Foundation
import RavenCore

/// `GET /api/v1/portfolio`: cash and positions, valued at live quotes.
public struct PortfolioBody: Sendable, Hashable, Codable {
  public var cash: Money
  public var netWorth: Money
  public var marketValue: Money
  public var startingCash: Money
  public var realizedProfit: Money
  /// The cash a new buy can spend: cash less what open orders hold.
  public var buyingPower: Money
  public var positions: [PositionBody]
  public var asOf: Date
  /// A margin account's figures; absent for a cash account.
  public var margin: MarginBody?
  /// Dividends paid in this period, kept apart from trading profit; absent where the books
  /// are a brokerage's.
  public var dividendsReceived: Money?
  /// Dividends gone ex and not yet paid: the cash arrives on their payable date.
  public var dividendsPending: Money?

  public init(
    cash: Money, netWorth: Money, marketValue: Money, startingCash: Money,
    realizedProfit: Money, buyingPower: Money, positions: [PositionBody], asOf: Date,
    margin: MarginBody? = nil, dividendsReceived: Money? = nil, dividendsPending: Money? = nil
  ) {
    self.margin = margin
    self.dividendsReceived = dividendsReceived
    self.dividendsPending = dividendsPending
    self.buyingPower = buyingPower
    self.cash = cash
    self.netWorth = netWorth
    self.marketValue = marketValue
    self.startingCash = startingCash
    self.realizedProfit = realizedProfit
    self.positions = positions
    self.asOf = asOf
  }

  enum CodingKeys: String, CodingKey {
    case cash, netWorth, marketValue, startingCash, realizedProfit, buyingPower, positions, asOf
    case margin, dividendsReceived, dividendsPending
  }

  // The same JSON as the synthesized encoding, each amount written as its text directly
  // (see `PositionBody`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cash.description, forKey: .cash)
    try container.encode(netWorth.description, forKey: .netWorth)
    try container.encode(marketValue.description, forKey: .marketValue)
    try container.encode(startingCash.description, forKey: .startingCash)
    try container.encode(realizedProfit.description, forKey: .realizedProfit)
    try container.encode(buyingPower.description, forKey: .buyingPower)
    try container.encode(positions, forKey: .positions)
    try container.encode(asOf, forKey: .asOf)
    try container.encodeIfPresent(margin, forKey: .margin)
    try container.encodeIfPresent(dividendsReceived?.description, forKey: .dividendsReceived)
    try container.encodeIfPresent(dividendsPending?.description, forKey: .dividendsPending)
  }
}

/// A margin account's Reg T figures in `PortfolioBody`: what it is worth long and short,
/// what its positions require, and how many times its equity it may spend.
public struct MarginBody: Sendable, Hashable, Codable {
  /// 4 (intraday, from $25,000 of equity at the last close), 2, or 1 (under $2,000 of
  /// equity, where a margin account trades as a cash account).
  public var multiplier: Int
  /// Cash plus the long positions less the short ones.
  public var equity: Money
  public var longMarketValue: Money
  /// Zero or negative.
  public var shortMarketValue: Money
  /// 50 % of the positions' value (a leveraged fund's times its multiple).
  public var initialMargin: Money
  /// 25 % of the long positions' value and 30 % of the short ones' (times a leveraged
  /// fund's multiple): below it, the account is liquidated at the next minute.
  public var maintenanceMargin: Money
  public var lastEquity: Money
  public var shortingEnabled: Bool

  public init(
    multiplier: Int, equity: Money, longMarketValue: Money, shortMarketValue: Money,
    initialMargin: Money, maintenanceMargin: Money, lastEquity: Money, shortingEnabled: Bool
  ) {
    self.multiplier = multiplier
    self.equity = equity
    self.longMarketValue = longMarketValue
    self.shortMarketValue = shortMarketValue
    self.initialMargin = initialMargin
    self.maintenanceMargin = maintenanceMargin
    self.lastEquity = lastEquity
    self.shortingEnabled = shortingEnabled
  }
}

/// One holding in `PortfolioBody`.
public struct PositionBody: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var name: String
  public var shares: Quantity
  /// The shares a new sale can sell: those held less what open sales hold.
  public var sharesAvailable: Quantity
  public var avgCost: Price
  public var totalCost: Money
  public var price: Price
  public var marketValue: Money
  public var changeFromCost: Money
  public var changeFromCostPercent: ExactDecimal
  public var dayChange: Money
  public var dayChangePercent: ExactDecimal

  public init(
    symbol: Symbol, name: String, shares: Quantity, sharesAvailable: Quantity, avgCost: Price,
    totalCost: Money, price: Price, marketValue: Money, changeFromCost: Money,
    changeFromCostPercent: ExactDecimal, dayChange: Money, dayChangePercent: ExactDecimal
  ) {
    self.sharesAvailable = sharesAvailable
    self.symbol = symbol
    self.name = name
    self.shares = shares
    self.avgCost = avgCost
    self.totalCost = totalCost
    self.price = price
    self.marketValue = marketValue
    self.changeFromCost = changeFromCost
    self.changeFromCostPercent = changeFromCostPercent
    self.dayChange = dayChange
    self.dayChangePercent = dayChangePercent
  }

  enum CodingKeys: String, CodingKey {
    case symbol, name, shares, sharesAvailable, avgCost, totalCost, price, marketValue,
      changeFromCost
    case changeFromCostPercent, dayChange, dayChangePercent
  }

  // The same JSON as the synthesized encoding, with each amount written as its text
  // directly: through its own single-value container, every amount cost a nested
  // encoder, and that was most of the portfolio route's time.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(symbol.rawValue, forKey: .symbol)
    try container.encode(name, forKey: .name)
    try container.encode(shares.description, forKey: .shares)
    try container.encode(sharesAvailable.description, forKey: .sharesAvailable)
    try container.encode(avgCost.description, forKey: .avgCost)
    try container.encode(totalCost.description, forKey: .totalCost)
    try container.encode(price.description, forKey: .price)
    try container.encode(marketValue.description, forKey: .marketValue)
    try container.encode(changeFromCost.description, forKey: .changeFromCost)
    try container.encode(changeFromCostPercent.description, forKey: .changeFromCostPercent)
    try container.encode(dayChange.description, forKey: .dayChange)
    try container.encode(dayChangePercent.description, forKey: .dayChangePercent)
  }
}

/// `GET /api/v1/portfolio/history`: net worth over a range, with the account's
/// time-weighted return and the benchmark's total return as indexes at every point.
public struct PortfolioHistoryBody: Sendable, Hashable, Codable {
  public struct Point: Sendable, Hashable, Codable {
    public var time: Date
    public var value: Money
    /// Money deposited (withdrawn: negative) at this point; zero at a plain valuation.
    public var flow: Money
    /// The growth of $1 by the account's time-weighted return, 1 at the first point.
    public var twrIndex: ExactDecimal
    /// The growth of $1 in the benchmark (dividends reinvested); null when unknown.
    public var benchmarkIndex: ExactDecimal?

    public init(
      time: Date, value: Money, flow: Money = .zero, twrIndex: ExactDecimal,
      benchmarkIndex: ExactDecimal?
    ) {
      self.time = time
      self.value = value
      self.flow = flow
      self.twrIndex = twrIndex
      self.benchmarkIndex = benchmarkIndex
    }

    enum CodingKeys: String, CodingKey { case time, value, flow, twrIndex, benchmarkIndex }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode(value, forKey: .value)
      try container.encode(flow, forKey: .flow)
      try container.encode(twrIndex, forKey: .twrIndex)
      try container.encode(benchmarkIndex, forKey: .benchmarkIndex)
    }
  }

  public var range: PortfolioRange
  public var points: [Point]
  /// The value the range is measured from: its first point's (a linked brokerage may
  /// give its own, Alpaca's `base_value`).
  public var baseline: Money?
  /// The change in value over the range less the money deposited and withdrawn in it.
  public var change: Money
  /// The range's time-weighted return in percent: deposits and withdrawals do not count.
  public var changePercent: ExactDecimal
  /// The symbol `benchmarkIndex` follows.
  public var benchmark: Symbol

  public init(
    range: PortfolioRange, points: [Point], baseline: Money?, change: Money,
    changePercent: ExactDecimal, benchmark: Symbol
  ) {
    self.range = range
    self.points = points
    self.baseline = baseline
    self.change = change
    self.changePercent = changePercent
    self.benchmark = benchmark
  }
}

/// `PUT /api/v1/portfolio/order` and `/watchlist/order`: symbols in the order to show them.
public struct SymbolOrderRequest: Sendable, Hashable, Codable {
  public var symbols: [String]

  public init(symbols: [String]) { self.symbols = symbols }
}
