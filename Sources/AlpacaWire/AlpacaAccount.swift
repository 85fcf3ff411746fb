/// `GET /v2/account`. Money is text. A reader needs the cash and the equity; it takes the
/// previous close's equity and the buying power leniently (it has fallbacks), and the rest
/// as it comes.
public struct AlpacaAccount: Codable, Hashable, Sendable {
  @Lenient public var id: String?
  public var accountNumber: String?
  /// `ACTIVE`, uppercase.
  public var status: String?
  public var currency: String?
  public var cash: AlpacaAmount
  public var equity: AlpacaAmount
  @Lenient public var lastEquity: AlpacaAmount?
  @Lenient public var buyingPower: AlpacaAmount?
  @Lenient public var regtBuyingPower: AlpacaAmount?
  @Lenient public var daytradingBuyingPower: AlpacaAmount?
  @Lenient public var nonMarginableBuyingPower: AlpacaAmount?
  @Lenient public var portfolioValue: AlpacaAmount?
  @Lenient public var longMarketValue: AlpacaAmount?
  @Lenient public var shortMarketValue: AlpacaAmount?
  @Lenient public var initialMargin: AlpacaAmount?
  @Lenient public var maintenanceMargin: AlpacaAmount?
  @Lenient public var lastMaintenanceMargin: AlpacaAmount?
  @Lenient public var multiplier: AlpacaAmount?
  @Lenient public var sma: AlpacaAmount?
  @Lenient public var accruedFees: AlpacaAmount?
  @Lenient public var pendingTransferIn: AlpacaAmount?
  @Lenient public var patternDayTrader: Bool?
  @Lenient public var tradingBlocked: Bool?
  @Lenient public var transfersBlocked: Bool?
  @Lenient public var accountBlocked: Bool?
  @Lenient public var shortingEnabled: Bool?
  @Lenient public var tradeSuspendedByUser: Bool?
  @Lenient public var daytradeCount: Int?
  @Lenient public var cryptoStatus: String?
  @Lenient public var optionsTradingLevel: Int?
  @Lenient public var createdAt: AlpacaTime?

  public init(cash: AlpacaAmount, equity: AlpacaAmount) {
    self.cash = cash
    self.equity = equity
  }
}

/// One position (`/v2/positions`). Amounts are text; ratios are fractions (`0.0123` is
/// 1.23 %). A reader needs the symbol, shares, cost, price, value and profit; it takes the
/// previous close and the day's change leniently (it has fallbacks), the rest as it comes.
public struct AlpacaPosition: Codable, Hashable, Sendable {
  @Lenient public var assetId: String?
  public var symbol: String
  @Lenient public var exchange: String?
  @Lenient public var assetClass: String?
  @Lenient public var assetMarginable: Bool?
  public var avgEntryPrice: AlpacaAmount
  public var qty: AlpacaAmount
  @Lenient public var qtyAvailable: AlpacaAmount?
  /// `long` or `short`.
  @Lenient public var side: String?
  public var marketValue: AlpacaAmount
  public var costBasis: AlpacaAmount
  public var unrealizedPl: AlpacaAmount
  @Lenient public var unrealizedPlpc: AlpacaAmount?
  @Lenient public var unrealizedIntradayPl: AlpacaAmount?
  @Lenient public var unrealizedIntradayPlpc: AlpacaAmount?
  public var currentPrice: AlpacaAmount
  @Lenient public var lastdayPrice: AlpacaAmount?
  @Lenient public var changeToday: AlpacaAmount?

  public init(
    symbol: String, qty: AlpacaAmount, avgEntryPrice: AlpacaAmount, costBasis: AlpacaAmount,
    currentPrice: AlpacaAmount, marketValue: AlpacaAmount, unrealizedPl: AlpacaAmount
  ) {
    self.symbol = symbol
    self.qty = qty
    self.avgEntryPrice = avgEntryPrice
    self.costBasis = costBasis
    self.currentPrice = currentPrice
    self.marketValue = marketValue
    self.unrealizedPl = unrealizedPl
  }
}
