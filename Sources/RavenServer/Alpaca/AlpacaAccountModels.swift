import AlpacaWire
import Foundation
import RavenBrokerage
import RavenCore
import RavenHTTP
import RavenStore

extension AlpacaAccount {
  /// A cash account (no margin, no short selling). Equity is cash plus the positions at
  /// their prices; the previous close's equity takes away today's change; buying power is
  /// the cash open buys do not hold.
  init(account: AccountRecord, portfolio: AccountPortfolio) {
    let amount = { (money: Money) in AlpacaAmount(money.exact) }
    let zero = AlpacaAmount.text("0")
    let dayChange = portfolio.positions.reduce(Money.zero) { $0 + $1.dayChange }
    self.init(cash: amount(portfolio.cash), equity: amount(portfolio.netWorth))
    id = account.publicID.uuidString.lowercased()
    accountNumber = "RVN" + String(format: "%09lld", account.id.rawValue)
    status = "ACTIVE"
    currency = "USD"
    lastEquity = amount(portfolio.netWorth - dayChange)
    buyingPower = amount(portfolio.buyingPower)
    regtBuyingPower = amount(portfolio.buyingPower)
    daytradingBuyingPower = zero
    nonMarginableBuyingPower = amount(portfolio.buyingPower)
    portfolioValue = amount(portfolio.netWorth)
    longMarketValue = amount(portfolio.marketValue)
    shortMarketValue = zero
    initialMargin = zero
    maintenanceMargin = zero
    lastMaintenanceMargin = zero
    multiplier = .text("1")
    sma = zero
    accruedFees = zero
    pendingTransferIn = zero
    patternDayTrader = false
    tradingBlocked = false
    transfersBlocked = false
    accountBlocked = false
    shortingEnabled = false
    tradeSuspendedByUser = account.settings.tradingSuspended
    daytradeCount = 0
    cryptoStatus = "INACTIVE"
    optionsTradingLevel = 0
    createdAt = AlpacaTime(account.createdAt)
  }
}

extension AlpacaPosition {
  /// A long position; ratios as fractions (`0.0123` is 1.23 %).
  init(_ position: PositionValuation, exchange: String, sharesAvailable: Quantity) {
    let amount = { (value: ExactDecimal) in AlpacaAmount(value) }
    let fraction = { (percent: ExactDecimal) in
      AlpacaAmount(
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
    self.init(
      symbol: position.symbol.rawValue, qty: amount(position.shares.exact),
      avgEntryPrice: amount(position.averageCost.exact),
      costBasis: amount(position.totalCost.exact),
      currentPrice: amount(position.price.exact), marketValue: amount(position.marketValue.exact),
      unrealizedPl: amount(position.changeFromCost.exact))
    assetId = AlpacaFormat.assetID(position.symbol).uuidString.lowercased()
    self.exchange = exchange
    assetClass = "us_equity"
    assetMarginable = false
    qtyAvailable = amount(sharesAvailable.exact)
    side = "long"
    unrealizedPlpc = fraction(position.changeFromCostPercent)
    unrealizedIntradayPl = amount(position.dayChange.exact)
    unrealizedIntradayPlpc = fraction(position.dayChangePercent)
    lastdayPrice = amount(lastday.exact)
    changeToday = fraction(position.dayChangePercent)
  }
}
