import Foundation
import HTTPTypes
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

/// The signed-in user's cash and positions, valued at live quotes, and their order.
struct PortfolioController {
  let services: AppServices

  struct PositionBody: Encodable, Sendable {
    var symbol: Symbol
    var name: String
    var shares: Quantity
    var avgCost: Price
    var totalCost: Money
    var price: Price
    var marketValue: Money
    var changeFromCost: Money
    var changeFromCostPercent: ExactDecimal
    var dayChange: Money
    var dayChangePercent: ExactDecimal

    // The same JSON as the synthesized encoding, with each amount written as its text
    // directly: through its own single-value container, every amount cost a nested
    // encoder, and that was most of this route's time.
    enum CodingKeys: String, CodingKey {
      case symbol, name, shares, avgCost, totalCost, price, marketValue, changeFromCost
      case changeFromCostPercent, dayChange, dayChangePercent
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(symbol.rawValue, forKey: .symbol)
      try container.encode(name, forKey: .name)
      try container.encode(shares.description, forKey: .shares)
      try container.encode(avgCost.description, forKey: .avgCost)
      try container.encode(totalCost.description, forKey: .totalCost)
      try container.encode(price.description, forKey: .price)
      try container.encode(marketValue.description, forKey: .marketValue)
      try container.encode(changeFromCost.description, forKey: .changeFromCost)
      try container.encode(changeFromCostPercent.description, forKey: .changeFromCostPercent)
      try container.encode(dayChange.description, forKey: .dayChange)
      try container.encode(dayChangePercent.description, forKey: .dayChangePercent)
    }
  }

  struct PortfolioBody: Encodable, Sendable {
    var cash: Money
    var netWorth: Money
    var marketValue: Money
    var startingCash: Money
    var realizedProfit: Money
    var positions: [PositionBody]
    var asOf: Date

    enum CodingKeys: String, CodingKey {
      case cash, netWorth, marketValue, startingCash, realizedProfit, positions, asOf
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cash.description, forKey: .cash)
      try container.encode(netWorth.description, forKey: .netWorth)
      try container.encode(marketValue.description, forKey: .marketValue)
      try container.encode(startingCash.description, forKey: .startingCash)
      try container.encode(realizedProfit.description, forKey: .realizedProfit)
      try container.encode(positions, forKey: .positions)
      try container.encode(asOf, forKey: .asOf)
    }
  }

  struct Order: Decodable, Sendable {
    var symbols: [String]
  }

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/portfolio", use: portfolio)
    group.put("/portfolio/order", use: setOrder)
    group.get("/portfolio/history", use: PortfolioHistory(services: services).history)
  }

  @Sendable func portfolio(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<PortfolioBody>
  {
    let user = try context.requireUser()
    let portfolio = try await services.account(of: user).portfolio()
    let names = await services.companyNames(portfolio.positions.map(\.symbol))
    var positions: [PositionBody] = []
    positions.reserveCapacity(portfolio.positions.count)
    for position in portfolio.positions {
      positions.append(
        PositionBody(
          symbol: position.symbol, name: names[position.symbol] ?? position.symbol.rawValue,
          shares: position.shares, avgCost: position.averageCost, totalCost: position.totalCost,
          price: position.price, marketValue: position.marketValue,
          changeFromCost: position.changeFromCost,
          changeFromCostPercent: position.changeFromCostPercent, dayChange: position.dayChange,
          dayChangePercent: position.dayChangePercent))
    }
    return JSONBody(
      PortfolioBody(
        cash: portfolio.cash, netWorth: portfolio.netWorth, marketValue: portfolio.marketValue,
        startingCash: portfolio.startingCash, realizedProfit: portfolio.realizedProfit,
        positions: positions, asOf: services.clock.now),
      headers: portfolio.freshness.map(DataAge.headers) ?? [:])
  }

  @Sendable func setOrder(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let order = try await context.requestDecoder.decode(Order.self, from: request, context: context)
    try await services.store.setPositionOrder(
      userID: user.id, symbols: try Self.symbols(order.symbols))
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

extension AppServices {
  /// The company names of `symbols` known to the provider, in one pass over the cache.
  func companyNames(_ symbols: [Symbol]) async -> [Symbol: String] {
    await gateway.companyProfiles(for: symbols).mapValues(\.name)
  }
}
