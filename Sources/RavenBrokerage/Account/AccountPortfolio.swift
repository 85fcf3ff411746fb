import RavenCore
import RavenMarketData
import RavenStore

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
  /// The cash a new buy can spend: cash less what open orders hold.
  public var buyingPower: Money
  /// Per position, the shares a new sale can sell: those held less what open sales hold.
  public var sharesAvailable: [Symbol: Quantity]
  /// How fresh the prices are; nil when they are the brokerage's own.
  public var freshness: DataFreshness?
  /// A margin account's figures at these prices; nil for a cash account.
  public var margin: PortfolioMargin?
  /// Dividends paid in this period and owed (gone ex, not yet payable); nil where the
  /// books are a brokerage's.
  public var dividends: DividendTotals?

  public init(
    cash: Money, netWorth: Money, marketValue: Money, startingCash: Money,
    realizedProfit: Money, positions: [PositionValuation], buyingPower: Money,
    sharesAvailable: [Symbol: Quantity], freshness: DataFreshness?,
    margin: PortfolioMargin? = nil
  ) {
    self.margin = margin
    self.cash = cash
    self.netWorth = netWorth
    self.marketValue = marketValue
    self.startingCash = startingCash
    self.realizedProfit = realizedProfit
    self.positions = positions
    self.buyingPower = buyingPower
    self.sharesAvailable = sharesAvailable
    self.freshness = freshness
  }
}

/// A margin account's Reg T figures and buying power, as its portfolio is valued.
public struct PortfolioMargin: Sendable, Hashable {
  public var figures: MarginFigures
  public var buyingPower: BuyingPower
  /// The equity at the last close: today's change taken from today's equity.
  public var lastEquity: Money
  /// Whether short sales may be placed.
  public var shortingEnabled: Bool

  public init(
    figures: MarginFigures, buyingPower: BuyingPower, lastEquity: Money, shortingEnabled: Bool
  ) {
    self.figures = figures
    self.buyingPower = buyingPower
    self.lastEquity = lastEquity
    self.shortingEnabled = shortingEnabled
  }
}

/// An account's dividends: paid to it (a short's paid by it, negative) and owed to it.
public struct DividendTotals: Sendable, Hashable {
  public var received: Money
  public var pending: Money

  public init(received: Money, pending: Money) {
    self.received = received
    self.pending = pending
  }

  /// The totals of `bookings`' dividends.
  public init(_ bookings: [CorporateActionBooking]) {
    var received = Money.zero
    var pending = Money.zero
    for booking in bookings where booking.kind == .dividend {
      if booking.paidAt == nil { pending += booking.amount } else { received += booking.amount }
    }
    self.init(received: received, pending: pending)
  }
}
