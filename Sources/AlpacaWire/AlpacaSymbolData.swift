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

/// `GET /v2/stocks/trades`: `{"trades": {"AAPL": [...]}, "next_page_token"}`.
public struct AlpacaTradesPage: Codable, Hashable, Sendable {
  public var trades: [String: [AlpacaTrade]]
  @Nullable public var nextPageToken: String?

  public init(trades: [String: [AlpacaTrade]], nextPageToken: String?) {
    self.trades = trades
    self.nextPageToken = nextPageToken
  }
}

/// `GET /v2/stocks/quotes`: `{"quotes": {"AAPL": [...]}, "next_page_token"}`.
public struct AlpacaQuotesPage: Codable, Hashable, Sendable {
  public var quotes: [String: [AlpacaQuote]]
  @Nullable public var nextPageToken: String?

  public init(quotes: [String: [AlpacaQuote]], nextPageToken: String?) {
    self.quotes = quotes
    self.nextPageToken = nextPageToken
  }
}

/// `GET /v2/stocks/{symbol}/trades`: `{"trades": [...], "symbol", "next_page_token"}`.
public struct AlpacaSymbolTradesPage: Codable, Hashable, Sendable {
  public var trades: [AlpacaTrade]
  public var symbol: String
  @Nullable public var nextPageToken: String?

  public init(trades: [AlpacaTrade], symbol: String, nextPageToken: String?) {
    self.trades = trades
    self.symbol = symbol
    self.nextPageToken = nextPageToken
  }
}

/// `GET /v2/stocks/{symbol}/quotes`: `{"quotes": [...], "symbol", "next_page_token"}`.
public struct AlpacaSymbolQuotesPage: Codable, Hashable, Sendable {
  public var quotes: [AlpacaQuote]
  public var symbol: String
  @Nullable public var nextPageToken: String?

  public init(quotes: [AlpacaQuote], symbol: String, nextPageToken: String?) {
    self.quotes = quotes
    self.symbol = symbol
    self.nextPageToken = nextPageToken
  }
}
