/// The single-symbol forms of Alpaca's latest-data routes, which alpaca-trade-api calls:
/// `GET /v2/stocks/{symbol}/bars/latest` → `{"symbol", "bar"}`.
public struct AlpacaSymbolLatestBar: Codable, Hashable, Sendable {
  public var symbol: String
  public var bar: AlpacaBar

  public init(symbol: String, bar: AlpacaBar) {
    self.symbol = symbol
    self.bar = bar
  }
}

/// `GET /v2/stocks/{symbol}/quotes/latest` → `{"symbol", "quote"}`.
public struct AlpacaSymbolLatestQuote: Codable, Hashable, Sendable {
  public var symbol: String
  public var quote: AlpacaQuote

  public init(symbol: String, quote: AlpacaQuote) {
    self.symbol = symbol
    self.quote = quote
  }
}

/// `GET /v2/stocks/{symbol}/trades/latest` → `{"symbol", "trade"}`.
public struct AlpacaSymbolLatestTrade: Codable, Hashable, Sendable {
  public var symbol: String
  public var trade: AlpacaTrade

  public init(symbol: String, trade: AlpacaTrade) {
    self.symbol = symbol
    self.trade = trade
  }
}
