import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenStore

/// The signed-in user's cash and positions, valued at live quotes, and their order.
struct PortfolioController {
  let accounts: AccountDirectory
  /// Each user's last portfolio answer, reused while none of its figures has moved.
  let encodedPortfolios: EncodedPortfolios
  /// Companies' names, for the holdings.
  let names: CompanyNames
  let marketClock: any WallClock

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/portfolio", use: portfolio)
    group.put("/portfolio/order", use: setOrder)
    let history = PortfolioHistory(accounts: accounts)
    group.get("/portfolio/history", use: history.history)
    group.get("/portfolio/performance", use: history.performance)
  }

  @Sendable func portfolio(_ request: Request, context: RavenRequestContext) async throws
    -> Response
  {
    let user = try context.requireUser()
    let account = try await accounts.account(of: user, in: request, forReading: true)
    let portfolio = try await account.portfolio()
    let names = await names.names(
      of: portfolio.positions.map(\.symbol), at: marketClock.now)
    var positions: [PositionBody] = []
    positions.reserveCapacity(portfolio.positions.count)
    for position in portfolio.positions {
      positions.append(
        PositionBody(
          symbol: position.symbol, name: names[position.symbol] ?? position.symbol.rawValue,
          shares: position.shares,
          sharesAvailable: portfolio.sharesAvailable[position.symbol] ?? position.shares,
          avgCost: position.averageCost, totalCost: position.totalCost,
          price: position.price, marketValue: position.marketValue,
          changeFromCost: position.changeFromCost,
          changeFromCostPercent: position.changeFromCostPercent, dayChange: position.dayChange,
          dayChangePercent: position.dayChangePercent))
    }
    return try encodedPortfolios.response(
      PortfolioBody(
        cash: portfolio.cash, netWorth: portfolio.netWorth, marketValue: portfolio.marketValue,
        startingCash: portfolio.startingCash, realizedProfit: portfolio.realizedProfit,
        buyingPower: portfolio.buyingPower, positions: positions, asOf: marketClock.now,
        margin: portfolio.margin.map { margin in
          MarginBody(
            multiplier: margin.buyingPower.multiplier, equity: margin.figures.equity,
            longMarketValue: margin.figures.longMarketValue,
            shortMarketValue: margin.figures.shortMarketValue,
            initialMargin: margin.figures.initialMargin,
            maintenanceMargin: margin.figures.maintenanceMargin, lastEquity: margin.lastEquity,
            shortingEnabled: margin.shortingEnabled)
        }, dividendsReceived: portfolio.dividends?.received,
        dividendsPending: portfolio.dividends?.pending),
      for: account.accountID, headers: portfolio.freshness.map(DataAge.headers) ?? [:])
  }

  @Sendable func setOrder(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let order = try await context.requestDecoder.decode(
      SymbolOrderRequest.self, from: request, context: context)
    let record = try await accounts.record(of: user.id, chosen: try request.chosenAccount())
    try await accounts.arrangePositions(of: record, first: try Self.symbols(order.symbols))
    return .noContent
  }

  /// Parses a list of symbols for reordering (at most 500, each well-formed).
  static func symbols(_ words: [String]) throws -> [Symbol] {
    guard words.count <= 500 else {
      throw APIError.badRequest("Too many symbols", code: "invalid_symbols")
    }
    return try words.map { word in
      guard let symbol = Symbol(word) else { throw APIError.unknownSymbol(word) }
      return symbol
    }
  }
}
