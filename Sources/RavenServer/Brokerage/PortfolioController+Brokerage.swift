import Foundation
import RavenBrokerage
import RavenCore

extension PortfolioController {
  /// A linked user's portfolio as their brokerage values it, in the ledger's JSON shape:
  /// cash and net worth (equity) from the account, positions at the brokerage's prices.
  /// The brokerage reports no realized profit (0), and its equity at the previous close
  /// stands in for the starting cash.
  func brokeragePortfolio(_ credentials: BrokerageCredentials) async throws
    -> JSONBody<PortfolioBody>
  {
    let brokerage = services.brokerage
    async let accountAnswer = brokerage.account(credentials)
    async let positionsAnswer = brokerage.positions(credentials)
    let (account, held) = try await (accountAnswer, positionsAnswer)
    let names = await services.companyNames(held.map(\.symbol))
    let zeroPercent = ExactDecimal.zero.withFractionDigits(2)
    let positions = held.map { position in
      PositionBody(
        symbol: position.symbol, name: names[position.symbol] ?? position.symbol.rawValue,
        shares: position.shares, avgCost: position.averageCost, totalCost: position.costBasis,
        price: position.price, marketValue: position.marketValue,
        changeFromCost: position.unrealizedProfit,
        changeFromCostPercent: position.unrealizedProfit.percent(of: position.costBasis)
          ?? zeroPercent,
        dayChange: position.dayChange,
        dayChangePercent: position.previousClose.percentChange(to: position.price) ?? zeroPercent)
    }
    return JSONBody(
      PortfolioBody(
        cash: account.cash, netWorth: account.equity,
        marketValue: held.reduce(Money.zero) { $0 + $1.marketValue },
        startingCash: account.lastEquity, realizedProfit: .zero, positions: positions,
        asOf: services.clock.now))
  }
}

extension PortfolioHistory {
  /// A linked user's equity over `range` as their brokerage reports it, measured from
  /// the brokerage's base value (the previous close's equity on 1D).
  func brokerageHistory(_ range: ChartRange, credentials: BrokerageCredentials) async throws
    -> JSONBody<HistoryBody>
  {
    let history = try await services.brokerage.portfolioHistory(credentials, range: range)
    let points = history.points.map { Point(time: $0.time, value: $0.equity) }
    let baseline = history.baseValue ?? points.first?.value
    let last = points.last?.value
    let zeroPercent = ExactDecimal.zero.withFractionDigits(2)
    return JSONBody(
      HistoryBody(
        range: range, points: points, baseline: baseline,
        change: (last ?? .zero) - (baseline ?? last ?? .zero),
        changePercent: last.flatMap { last in baseline.flatMap { (last - $0).percent(of: $0) } }
          ?? zeroPercent))
  }
}
