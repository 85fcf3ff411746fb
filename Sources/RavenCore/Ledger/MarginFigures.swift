/// An account's Regulation T figures at a set of prices, as Alpaca reports them:
/// market values long and short, equity, and the initial and maintenance margin its
/// positions require.
///
/// Requirements are a share of each position's market value: 50 % to open (initial),
/// 25 % of a long and 30 % of a short to keep (maintenance), each times a leveraged
/// fund's multiple, at most 100 %. Each is rounded up to the cent.
public struct MarginFigures: Sendable, Hashable {
  public static let initialRate = ExactDecimal(units: 50, fractionDigits: 2)
  public static let longMaintenanceRate = ExactDecimal(units: 25, fractionDigits: 2)
  public static let shortMaintenanceRate = ExactDecimal(units: 30, fractionDigits: 2)
  /// Under this equity a margin account trades as a cash account and cannot sell short
  /// (FINRA's minimum for a margin account).
  public static let minimumEquity: Money = 2_000
  /// From this equity at the last close a margin account may trade on 4× intraday
  /// (the pattern-day-trader minimum).
  public static let dayTraderEquity: Money = 25_000

  public var cash: Money
  /// The long positions at their prices.
  public var longMarketValue: Money
  /// The short positions at their prices: zero or negative, as Alpaca shows it.
  public var shortMarketValue: Money
  public var initialMargin: Money
  public var maintenanceMargin: Money

  /// Cash plus the long positions less what buying back the short ones would cost.
  public var equity: Money { cash + longMarketValue + shortMarketValue }

  /// The figures for `cash` and `positions`, each valued at its price in `prices` (at its
  /// average cost when there is none).
  public init(
    cash: Money, positions: some Sequence<Position>, prices: [Symbol: Price],
    terms: any SecurityTermsSource
  ) {
    self.cash = cash
    var long = Money.zero
    var short = Money.zero
    var initial = Money.zero
    var maintenance = Money.zero
    for position in positions where !position.shares.isZero {
      let value = position.marketValue(at: prices[position.symbol] ?? position.averageCost)
      let leverage = ExactDecimal(terms.terms(of: position.symbol).leverage)
      let isShort = position.shares.isNegative
      if isShort { short += value } else { long += value }
      initial += Self.requirement(value, rate: Self.initialRate * leverage)
      maintenance += Self.requirement(
        value,
        rate: (isShort ? Self.shortMaintenanceRate : Self.longMaintenanceRate) * leverage)
    }
    longMarketValue = long
    shortMarketValue = short
    initialMargin = initial
    maintenanceMargin = maintenance
  }

  /// `rate` (at most 1) of the value's size, rounded up to the cent.
  private static func requirement(_ value: Money, rate: ExactDecimal) -> Money {
    Money(exact: value.magnitude.exact * min(rate, 1)).rounded(
      toFractionDigits: 2, rounding: .awayFromZero)
  }

  /// Whether equity has fallen below what the positions need kept: a margin call.
  public var isBelowMaintenance: Bool { equity < maintenanceMargin }
}

/// What an account can spend on orders that open positions, before its open orders' holds,
/// by Alpaca's rules for its `multiplier`.
public struct BuyingPower: Sendable, Hashable {
  /// 1 (a cash account, or a margin account under $2,000 of equity), 2 (Reg T margin),
  /// or 4 (intraday margin from $25,000 of equity at the last close).
  public var multiplier: Int
  /// Twice the equity above the initial margin (the cash, on a cash account).
  public var regT: Money
  /// Four times the equity above the maintenance margin, on 4× margin; zero otherwise.
  public var dayTrading: Money
  /// The cash, for what cannot be bought on margin.
  public var nonMarginable: Money

  /// What opening orders may spend: day-trading buying power on 4×, Reg T on 2×, the cash
  /// on 1×.
  public var total: Money {
    switch multiplier {
    case 4: dayTrading
    case 2: regT
    default: nonMarginable
    }
  }

  /// Whether the account may sell short now.
  public var allowsShorting: Bool { multiplier > 1 }
}

extension AccountSettings {
  /// These settings as a margin account with short selling (4×, as Alpaca's paper
  /// accounts are) or as a cash account: the web app's and the CLI's one switch.
  public func withMargin(_ on: Bool) -> AccountSettings {
    var settings = self
    settings.maxMarginMultiplier = on ? 4 : 1
    settings.noShorting = !on
    return settings
  }

  /// Whether the account trades on margin (2× or 4×), as its owner set it.
  public var isMargin: Bool { maxMarginMultiplier > 1 }

  /// Whether a new order may sell short: on margin, with shorting on.
  public var allowsShortSelling: Bool { isMargin && !noShorting }

  /// The account's buying power at `figures`. Raven reckons 4× from the current equity and
  /// maintenance margin (Alpaca from the last close's), with the last close's equity
  /// deciding whether 4× applies.
  public func buyingPower(_ figures: MarginFigures, lastEquity: Money) -> BuyingPower {
    let cash = max(figures.cash, .zero)
    var multiplier = maxMarginMultiplier
    if figures.equity < MarginFigures.minimumEquity { multiplier = 1 }
    if multiplier == 4, lastEquity < MarginFigures.dayTraderEquity { multiplier = 2 }
    let excess = max(figures.equity - figures.initialMargin, .zero)
    let dayExcess = max(figures.equity - figures.maintenanceMargin, .zero)
    return BuyingPower(
      multiplier: multiplier,
      regT: multiplier > 1 ? Money(exact: excess.exact * 2) : cash,
      dayTrading: multiplier == 4 ? Money(exact: dayExcess.exact * 4) : .zero,
      nonMarginable: cash)
  }
}
