import Foundation

/// What an account is worth at a set of quotes: the portfolio screen's numbers.
public struct PortfolioValuation: Sendable, Hashable, Codable {
  public var cash: Money
  /// Σ positions' market value.
  public var marketValue: Money
  /// cash + market value.
  public var netWorth: Money
  public var positions: [PositionValuation]
}

/// One position at a quote.
public struct PositionValuation: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var shares: Quantity
  public var averageCost: Price
  public var totalCost: Money
  /// The quote's price, or the average cost when no quote was available (`isPriced == false`).
  public var price: Price
  public var marketValue: Money
  /// (price − average cost) × shares.
  public var changeFromCost: Money
  public var changeFromCostPercent: ExactDecimal
  /// (price − previous close) × shares.
  public var dayChange: Money
  public var dayChangePercent: ExactDecimal
  /// Whether a quote priced this position; unpriced positions count at their cost.
  public var isPriced: Bool

  public init(
    symbol: Symbol, shares: Quantity, averageCost: Price, totalCost: Money, price: Price,
    marketValue: Money, changeFromCost: Money, changeFromCostPercent: ExactDecimal,
    dayChange: Money, dayChangePercent: ExactDecimal, isPriced: Bool
  ) {
    self.symbol = symbol
    self.shares = shares
    self.averageCost = averageCost
    self.totalCost = totalCost
    self.price = price
    self.marketValue = marketValue
    self.changeFromCost = changeFromCost
    self.changeFromCostPercent = changeFromCostPercent
    self.dayChange = dayChange
    self.dayChangePercent = dayChangePercent
    self.isPriced = isPriced
  }
}

extension Ledger {
  /// Values every position at its quote, in `order` first (symbols held but missing
  /// from `order` follow alphabetically). A position without a quote counts at its
  /// total cost so that net worth never silently drops.
  public func valuation(quotes: [Symbol: Quote], order: [Symbol] = []) -> PortfolioValuation {
    let rank = Dictionary(
      order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    // Each position's rank looked up once, not twice per comparison.
    let held = positions.values.map { (rank: rank[$0.symbol], position: $0) }.sorted {
      lhs, rhs in
      switch (lhs.rank, rhs.rank) {
      case let (left?, right?): left < right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): lhs.position.symbol < rhs.position.symbol
      }
    }.map(\.position)
    let valued = held.map { PositionValuation(position: $0, quote: quotes[$0.symbol]) }
    let marketValue = valued.reduce(Money.zero) { $0 + $1.marketValue }
    return PortfolioValuation(
      cash: cash, marketValue: marketValue, netWorth: cash + marketValue, positions: valued)
  }
}

extension PositionValuation {
  init(position: Position, quote: Quote?) {
    let price = quote?.price ?? position.averageCost
    let previousClose = quote?.previousClose ?? price
    let marketValue = quote == nil ? position.totalCost : position.marketValue(at: price)
    let previousValue = position.marketValue(at: previousClose)
    let dayChange = marketValue - previousValue
    self.init(
      symbol: position.symbol,
      shares: position.shares,
      averageCost: position.averageCost,
      totalCost: position.totalCost,
      price: price,
      marketValue: marketValue,
      changeFromCost: quote == nil ? .zero : position.changeFromCost(at: price),
      changeFromCostPercent: quote == nil
        ? ExactDecimal.zero.withFractionDigits(2) : position.changeFromCostPercent(at: price),
      dayChange: quote == nil ? .zero : dayChange,
      dayChangePercent: (quote == nil ? nil : dayChange.percent(of: previousValue.magnitude))
        ?? ExactDecimal.zero.withFractionDigits(2),
      isPriced: quote != nil)
  }
}
