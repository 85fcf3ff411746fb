import RavenCore
import RavenMarketData

/// An account's cash and positions, valued now.
public struct AccountPortfolio: Sendable {
  public var cash: Money
  /// Cash plus the market value of every position.
  public var netWorth: Money
  public var marketValue: Money
  /// What the account is measured from: the ledger's starting cash, or a brokerage's
  /// equity at the previous close.
  public var startingCash: Money
  /// Profit taken by selling; zero where the brokerage does not report it.
  public var realizedProfit: Money
  public var positions: [PositionValuation]
  /// How fresh the prices are; nil when they are the brokerage's own.
  public var freshness: DataFreshness?

  public init(
    cash: Money, netWorth: Money, marketValue: Money, startingCash: Money,
    realizedProfit: Money, positions: [PositionValuation], freshness: DataFreshness?
  ) {
    self.cash = cash
    self.netWorth = netWorth
    self.marketValue = marketValue
    self.startingCash = startingCash
    self.realizedProfit = realizedProfit
    self.positions = positions
    self.freshness = freshness
  }
}
