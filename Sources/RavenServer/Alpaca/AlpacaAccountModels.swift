import Foundation
import RavenBrokerage
import RavenCore
import RavenStore

/// `GET /v2/account`: a cash account (no margin, no short selling), money as strings.
struct AlpacaAccount: Encodable {
  var id: String
  var accountNumber: String
  var status = "ACTIVE"
  var currency = "USD"
  var cash: String
  var equity: String
  var lastEquity: String
  var buyingPower: String
  var regtBuyingPower: String
  var daytradingBuyingPower = "0"
  var nonMarginableBuyingPower: String
  var portfolioValue: String
  var longMarketValue: String
  var shortMarketValue = "0"
  var initialMargin = "0"
  var maintenanceMargin = "0"
  var lastMaintenanceMargin = "0"
  var multiplier = "1"
  var sma = "0"
  var accruedFees = "0"
  var pendingTransferIn = "0"
  var patternDayTrader = false
  var tradingBlocked = false
  var transfersBlocked = false
  var accountBlocked = false
  var shortingEnabled = false
  var tradeSuspendedByUser = false
  var daytradeCount = 0
  var cryptoStatus = "INACTIVE"
  var optionsTradingLevel = 0
  var createdAt: String

  enum CodingKeys: String, CodingKey {
    case id, status, currency, cash, equity, multiplier, sma
    case accountNumber = "account_number"
    case lastEquity = "last_equity"
    case buyingPower = "buying_power"
    case regtBuyingPower = "regt_buying_power"
    case daytradingBuyingPower = "daytrading_buying_power"
    case nonMarginableBuyingPower = "non_marginable_buying_power"
    case portfolioValue = "portfolio_value"
    case longMarketValue = "long_market_value"
    case shortMarketValue = "short_market_value"
    case initialMargin = "initial_margin"
    case maintenanceMargin = "maintenance_margin"
    case lastMaintenanceMargin = "last_maintenance_margin"
    case accruedFees = "accrued_fees"
    case pendingTransferIn = "pending_transfer_in"
    case patternDayTrader = "pattern_day_trader"
    case tradingBlocked = "trading_blocked"
    case transfersBlocked = "transfers_blocked"
    case accountBlocked = "account_blocked"
    case shortingEnabled = "shorting_enabled"
    case tradeSuspendedByUser = "trade_suspended_by_user"
    case daytradeCount = "daytrade_count"
    case cryptoStatus = "crypto_status"
    case optionsTradingLevel = "options_trading_level"
    case createdAt = "created_at"
  }

  /// Equity is cash plus the positions at their prices; the previous close's equity takes
  /// away today's change; buying power is the cash open buys do not hold.
  init(user: User, portfolio: AccountPortfolio, heldCash: Money) {
    let amount = { (money: Money) in AlpacaFormat.amount(money.exact) }
    let dayChange = portfolio.positions.reduce(Money.zero) { $0 + $1.dayChange }
    let buyingPower = max(portfolio.cash - heldCash, .zero)
    id = AlpacaFormat.accountID(user.id).uuidString.lowercased()
    accountNumber = "RVN" + String(format: "%09lld", user.id.rawValue)
    cash = amount(portfolio.cash)
    equity = amount(portfolio.netWorth)
    lastEquity = amount(portfolio.netWorth - dayChange)
    self.buyingPower = amount(buyingPower)
    regtBuyingPower = amount(buyingPower)
    nonMarginableBuyingPower = amount(buyingPower)
    portfolioValue = amount(portfolio.netWorth)
    longMarketValue = amount(portfolio.marketValue)
    createdAt = AlpacaFormat.time(user.createdAt)
  }
}

/// One position (`/v2/positions`): long only; ratios as fractions (`0.0123` is 1.23 %).
struct AlpacaPosition: Encodable {
  var assetID: String
  var symbol: String
  var exchange: String
  var assetClass = "us_equity"
  var assetMarginable = false
  var avgEntryPrice: String
  var qty: String
  var qtyAvailable: String
  var side = "long"
  var marketValue: String
  var costBasis: String
  var unrealizedPL: String
  var unrealizedPLPC: String
  var unrealizedIntradayPL: String
  var unrealizedIntradayPLPC: String
  var currentPrice: String
  var lastdayPrice: String
  var changeToday: String

  enum CodingKeys: String, CodingKey {
    case symbol, exchange, qty, side
    case assetID = "asset_id"
    case assetClass = "asset_class"
    case assetMarginable = "asset_marginable"
    case avgEntryPrice = "avg_entry_price"
    case qtyAvailable = "qty_available"
    case marketValue = "market_value"
    case costBasis = "cost_basis"
    case unrealizedPL = "unrealized_pl"
    case unrealizedPLPC = "unrealized_plpc"
    case unrealizedIntradayPL = "unrealized_intraday_pl"
    case unrealizedIntradayPLPC = "unrealized_intraday_plpc"
    case currentPrice = "current_price"
    case lastdayPrice = "lastday_price"
    case changeToday = "change_today"
  }

  init(_ position: PositionValuation, exchange: String, heldShares: Quantity) {
    let amount = { (value: ExactDecimal) in AlpacaFormat.amount(value) }
    let fraction = { (percent: ExactDecimal) in
      AlpacaFormat.amount(
        percent.divided(
          by: ExactDecimal(100), fractionDigits: 6, rounding: .toNearestOrAwayFromZero)
          ?? .zero)
    }
    let lastday =
      position.price
      - Price(
        exact: position.shares.isZero
          ? .zero
          : (position.dayChange.exact.divided(
            by: position.shares.exact, fractionDigits: 4, rounding: .toNearestOrAwayFromZero)
            ?? .zero))
    assetID = AlpacaFormat.assetID(position.symbol).uuidString.lowercased()
    symbol = position.symbol.rawValue
    self.exchange = exchange
    avgEntryPrice = amount(position.averageCost.exact)
    qty = amount(position.shares.exact)
    qtyAvailable = amount(max(position.shares - heldShares, .zero).exact)
    marketValue = amount(position.marketValue.exact)
    costBasis = amount(position.totalCost.exact)
    unrealizedPL = amount(position.changeFromCost.exact)
    unrealizedPLPC = fraction(position.changeFromCostPercent)
    unrealizedIntradayPL = amount(position.dayChange.exact)
    unrealizedIntradayPLPC = fraction(position.dayChangePercent)
    currentPrice = amount(position.price.exact)
    lastdayPrice = amount(lastday.exact)
    changeToday = fraction(position.dayChangePercent)
  }
}
