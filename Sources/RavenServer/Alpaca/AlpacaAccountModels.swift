import AlpacaWire
import Foundation
import RavenBrokerage
import RavenCore
import RavenHTTP
import RavenStore

extension AlpacaAccount {
  /// A cash account (multiplier 1, no short selling: buying power is the cash open buys do
  /// not hold) or a margin account (Reg T figures, buying power by its multiplier less
  /// what open opening orders hold). Equity is cash plus the long positions less the
  /// short ones at their prices; the previous close's equity takes away today's change.
  init(account: AccountRecord, portfolio: AccountPortfolio) {
    let amount = { (money: Money) in AlpacaAmount(money.exact) }
    let zero = AlpacaAmount.text("0")
    let dayChange = portfolio.positions.reduce(Money.zero) { $0 + $1.dayChange }
    self.init(cash: amount(portfolio.cash), equity: amount(portfolio.netWorth))
    id = account.publicID.uuidString.lowercased()
    accountNumber = "RVN" + String(format: "%09lld", account.id.rawValue)
    status = "ACTIVE"
    currency = "USD"
    lastEquity = amount(portfolio.margin?.lastEquity ?? portfolio.netWorth - dayChange)
    buyingPower = amount(portfolio.buyingPower)
    portfolioValue = amount(portfolio.netWorth)
    let values = portfolio.positions.map(\.marketValue)
    longMarketValue = amount(values.filter { !$0.isNegative }.reduce(.zero, +))
    shortMarketValue = amount(values.filter(\.isNegative).reduce(.zero, +))
    if let margin = portfolio.margin {
      regtBuyingPower = amount(margin.buyingPower.regT)
      daytradingBuyingPower = amount(margin.buyingPower.dayTrading)
      nonMarginableBuyingPower = amount(margin.buyingPower.nonMarginable)
      initialMargin = amount(margin.figures.initialMargin)
      maintenanceMargin = amount(margin.figures.maintenanceMargin)
      lastMaintenanceMargin = amount(margin.figures.maintenanceMargin)
      multiplier = .text(String(margin.buyingPower.multiplier))
      sma = amount(max(margin.figures.equity - margin.figures.initialMargin, .zero))
    } else {
      regtBuyingPower = amount(portfolio.buyingPower)
      daytradingBuyingPower = zero
      nonMarginableBuyingPower = amount(portfolio.buyingPower)
      initialMargin = zero
      maintenanceMargin = zero
      lastMaintenanceMargin = zero
      multiplier = .text("1")
      sma = zero
    }
    accruedFees = zero
    pendingTransferIn = zero
    patternDayTrader = false
    tradingBlocked = false
    transfersBlocked = false
    accountBlocked = false
    shortingEnabled = portfolio.margin?.shortingEnabled ?? false
    tradeSuspendedByUser = account.settings.tradingSuspended
    daytradeCount = 0
    cryptoStatus = "INACTIVE"
    optionsTradingLevel = 0
    createdAt = AlpacaTime(account.createdAt)
  }
}

extension AlpacaPosition {
  /// A long or a short position (negative `qty`, `market_value` and `cost_basis`, as
  /// Alpaca shows a short one); ratios as fractions (`0.0123` is 1.23 %).
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
    assetMarginable = true
    let isShort = position.shares.isNegative
    qtyAvailable = amount(isShort ? -sharesAvailable.exact : sharesAvailable.exact)
    side = isShort ? "short" : "long"
    unrealizedPlpc = fraction(position.changeFromCostPercent)
    unrealizedIntradayPl = amount(position.dayChange.exact)
    unrealizedIntradayPlpc = fraction(position.dayChangePercent)
    lastdayPrice = amount(lastday.exact)
    changeToday = fraction(position.dayChangePercent)
  }
}
