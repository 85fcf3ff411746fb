/// A watchlist (`/v2/watchlists`); a list of them leaves out each one's `assets`.
public struct AlpacaWatchlist: Codable, Hashable, Sendable {
  public var id: String
  public var accountId: String
  public var name: String
  public var createdAt: AlpacaTime
  public var updatedAt: AlpacaTime
  public var assets: [AlpacaAsset]?

  public init(
    id: String, accountId: String, name: String, createdAt: AlpacaTime, updatedAt: AlpacaTime,
    assets: [AlpacaAsset]?
  ) {
    self.id = id
    self.accountId = accountId
    self.name = name
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.assets = assets
  }
}

/// `POST /v2/watchlists` and `PUT /v2/watchlists/{id}`: a name, symbols, or both.
public struct AlpacaWatchlistRequest: Codable, Hashable, Sendable {
  public var name: String?
  public var symbols: [String]?

  public init(name: String?, symbols: [String]?) {
    self.name = name
    self.symbols = symbols
  }
}

/// `POST /v2/watchlists/{id}`: `{"symbol": "AAPL"}`.
public struct AlpacaWatchlistSymbol: Codable, Hashable, Sendable {
  public var symbol: String

  public init(symbol: String) { self.symbol = symbol }
}
