import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenCore
import RavenGateway
import RavenStore

/// The user's favorites with live prices, in their order.
struct WatchlistController {
  let watchlists: any WatchlistStore
  let market: MarketGateway
  /// Companies' names, for the list.
  let names: CompanyNames
  /// Dates the favorites.
  let clock: any WallClock
  /// The instant the prices and names are for.
  let marketClock: any WallClock

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
    let symbols = try await watchlists.watchlist(userID: user.id)
    let now = marketClock.now
    let answer = await market.fetchQuotes(for: symbols, at: now)
    let quotes = answer.quotes.mapValues(\.value)
    let names = await names.names(of: symbols, at: now)
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
    // Unknown symbols are refused with 404.
    _ = try await market.profile(for: symbol, at: marketClock.now)
    try await watchlists.addToWatchlist(userID: user.id, symbol: symbol, at: clock.now)
    return .noContent
  }

  @Sendable func remove(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    try await watchlists.removeFromWatchlist(userID: user.id, symbol: try context.symbol())
    return .noContent
  }

  @Sendable func setOrder(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let order = try await context.requestDecoder.decode(
      SymbolOrderRequest.self, from: request, context: context)
    try await watchlists.setWatchlistOrder(
      userID: user.id, symbols: try PortfolioController.symbols(order.symbols))
    return .noContent
  }
}
