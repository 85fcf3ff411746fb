import AlpacaWire
import Foundation
import Hummingbird
import RavenCore
import RavenStore

/// Alpaca's watchlists (`/v2/watchlists`): named lists of assets, several per account.
/// They are the API's own; the web app's watchlist is the user's favorites.
struct AlpacaWatchlistsController {
  let watchlists: any WatchlistStore
  /// Whose lists: the key's account.
  let accounts: AccountDirectory
  let clock: any WallClock

  static let maximumLists = 100
  static let maximumSymbols = 1_000

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/watchlists", use: list)
    group.post("/watchlists", use: create)
    group.get("/watchlists/{id}", use: show)
    group.put("/watchlists/{id}", use: update)
    group.post("/watchlists/{id}", use: add)
    group.delete("/watchlists/{id}/{symbol}", use: remove)
    group.delete("/watchlists/{id}", use: delete)
  }

  /// Every list, without its assets (as Alpaca lists them).
  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaWatchlist]>
  {
    let account = try await accounts.alpacaAccount(context, forReading: true).1.id
    return AlpacaBody(
      try await watchlists.watchlists(accountID: account).map {
        AlpacaWatchlist($0, withAssets: false)
      })
  }

  @Sendable func create(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaWatchlist>
  {
    let account = try await accounts.alpacaAccount(context).1.id
    let body = try await context.alpacaBody(AlpacaWatchlistRequest.self, from: request)
    let existing = try await watchlists.watchlists(accountID: account)
    guard existing.count < Self.maximumLists else {
      throw AlpacaError.unprocessable("at most \(Self.maximumLists) watchlists")
    }
    let name = try Self.name(body.name, taken: existing)
    let now = clock.now
    let list = NamedWatchlist(
      id: UUID(), accountID: account, name: name, symbols: try Self.symbols(body.symbols ?? []),
      createdAt: now, updatedAt: now)
    try await watchlists.createWatchlist(list)
    return AlpacaBody(AlpacaWatchlist(list))
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaWatchlist>
  {
    AlpacaBody(AlpacaWatchlist(try await watchlist(context)))
  }

  /// A new name, new symbols, or both.
  @Sendable func update(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaWatchlist>
  {
    var list = try await watchlist(context)
    let body = try await context.alpacaBody(AlpacaWatchlistRequest.self, from: request)
    if let name = body.name {
      let others = try await watchlists.watchlists(accountID: list.accountID).filter {
        $0.id != list.id
      }
      list.name = try Self.name(name, taken: others)
    }
    if let symbols = body.symbols { list.symbols = try Self.symbols(symbols) }
    return AlpacaBody(AlpacaWatchlist(try await save(list)))
  }

  /// `{"symbol": "AAPL"}`, appended once.
  @Sendable func add(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaWatchlist>
  {
    var list = try await watchlist(context)
    let body = try await context.alpacaBody(AlpacaWatchlistSymbol.self, from: request)
    let symbol = try Self.symbols([body.symbol])[0]
    guard !list.symbols.contains(symbol) else {
      throw AlpacaError.unprocessable("\(symbol) is already in the watchlist")
    }
    guard list.symbols.count < Self.maximumSymbols else {
      throw AlpacaError.unprocessable("at most \(Self.maximumSymbols) symbols in a watchlist")
    }
    list.symbols.append(symbol)
    return AlpacaBody(AlpacaWatchlist(try await save(list)))
  }

  @Sendable func remove(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaWatchlist>
  {
    var list = try await watchlist(context)
    let symbol = try context.alpacaSymbol()
    guard list.symbols.contains(symbol) else {
      throw AlpacaError(.notFound, "\(symbol) is not in the watchlist")
    }
    list.symbols.removeAll { $0 == symbol }
    return AlpacaBody(AlpacaWatchlist(try await save(list)))
  }

  @Sendable func delete(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let account = try await accounts.alpacaAccount(context).1.id
    try await watchlists.deleteWatchlist(id: try Self.id(context), accountID: account)
    return .noContent
  }

  private func watchlist(_ context: RavenRequestContext) async throws -> NamedWatchlist {
    try await watchlists.watchlist(
      id: try Self.id(context), accountID: try await accounts.alpacaAccount(context).1.id)
  }

  private func save(_ list: NamedWatchlist) async throws -> NamedWatchlist {
    var list = list
    list.updatedAt = clock.now
    try await watchlists.saveWatchlist(list)
    return list
  }

  private static func id(_ context: RavenRequestContext) throws -> UUID {
    guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
      throw AlpacaError(.notFound, "watchlist not found")
    }
    return id
  }

  /// 1 to 64 characters without control characters, unique among the user's lists.
  static func name(_ text: String?, taken: [NamedWatchlist]) throws -> String {
    let name = (text ?? "").trimmingCharacters(in: .whitespaces)
    guard (1...64).contains(name.count), !name.containsControlCharacters() else {
      throw AlpacaError.unprocessable("a watchlist's name is 1 to 64 characters")
    }
    guard !taken.contains(where: { $0.name == name }) else {
      throw AlpacaError.unprocessable("watchlist name must be unique")
    }
    return name
  }

  /// Symbols Raven lists, each once, at most 1,000.
  static func symbols(_ texts: [String]) throws -> [Symbol] {
    var symbols: [Symbol] = []
    for text in texts {
      guard let symbol = Symbol(text), AlpacaTradingController.universe.company(for: symbol) != nil
      else { throw AlpacaError.unprocessable("asset not found: \(text.prefix(12))") }
      if !symbols.contains(symbol) { symbols.append(symbol) }
    }
    guard symbols.count <= maximumSymbols else {
      throw AlpacaError.unprocessable("at most \(maximumSymbols) symbols in a watchlist")
    }
    return symbols
  }
}

extension AlpacaWatchlist {
  /// `{"id", "account_id", "name", "created_at", "updated_at", "assets": [...]}`; a list of
  /// watchlists leaves out their assets, as Alpaca's does.
  init(_ list: NamedWatchlist, withAssets: Bool = true) {
    self.init(
      id: list.id.uuidString.lowercased(),
      accountId: list.accountID.publicID.uuidString.lowercased(), name: list.name,
      createdAt: AlpacaTime(list.createdAt), updatedAt: AlpacaTime(list.updatedAt),
      assets: withAssets
        ? list.symbols.compactMap { AlpacaTradingController.universe.company(for: $0) }
          .map(AlpacaAsset.init) : nil)
  }
}

extension RavenRequestContext {
  /// The user of the request's API key.
  func alpacaUser() throws -> User {
    guard let user = identity?.user else { throw AlpacaError.unauthorized }
    return user
  }
}
