import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// The user's favorites with live prices, in their order.
struct WatchlistController {
  let services: AppServices

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/watchlist", use: list)
    group.put("/watchlist/order", use: setOrder)
    group.put("/watchlist/{symbol}", use: add)
    group.delete("/watchlist/{symbol}", use: remove)
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    WatchlistBody
  > {
    let user = try context.requireUser()
    let symbols = try await services.store.watchlist(userID: user.id)
    let answer = await services.gateway.fetchQuotes(for: symbols)
    let quotes = answer.quotes.mapValues(\.value)
    let names = await services.companyNames(symbols)
    let items = symbols.map { symbol in
      let quote = quotes[symbol]
      return WatchlistBody.Item(
        symbol: symbol, name: names[symbol] ?? symbol.rawValue, price: quote?.price,
        change: quote?.change, changePercent: quote?.changePercent)
    }
    return JSONBody(WatchlistBody(items: items), headers: DataAge.headers(answer))
  }

  @Sendable func add(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let symbol = try context.symbol()
    _ = try await services.market.profile(for: symbol)  // unknown symbols are refused with 404
    try await services.store.addToWatchlist(userID: user.id, symbol: symbol, at: services.clock.now)
    return .noContent
  }

  @Sendable func remove(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    try await services.store.removeFromWatchlist(userID: user.id, symbol: try context.symbol())
    return .noContent
  }

  @Sendable func setOrder(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let order = try await context.requestDecoder.decode(
      SymbolOrderRequest.self, from: request, context: context)
    try await services.store.setWatchlistOrder(
      userID: user.id, symbols: try PortfolioController.symbols(order.symbols))
    return .noContent
  }
}
