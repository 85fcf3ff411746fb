import RavenCore

/// A brokerage account's identity and money, as of the brokerage's last answer.
public struct BrokerageAccount: Sendable, Hashable {
  public var accountNumber: String
  /// The brokerage's word for the account's state, e.g. `ACTIVE`.
  public var status: String
  public var currency: String
  public var cash: Money
  /// Cash plus the market value of every position.
  public var equity: Money
  /// Equity at the previous session's close.
  public var lastEquity: Money
  public var buyingPower: Money

  public init(
    accountNumber: String, status: String, currency: String, cash: Money, equity: Money,
    lastEquity: Money, buyingPower: Money
  ) {
    self.accountNumber = accountNumber
    self.status = status
    self.currency = currency
    self.cash = cash
    self.equity = equity
    self.lastEquity = lastEquity
    self.buyingPower = buyingPower
  }
}
