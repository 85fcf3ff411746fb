import Foundation

/// A quote: `{"t","bp","bs","ap","as","bx","ax","c","z"}`, prices JSON numbers.
public struct AlpacaQuote: Codable, Hashable, Sendable {
  public var time: AlpacaTime?
  public var bidPrice: Decimal?
  public var bidSize: Decimal?
  public var askPrice: Decimal?
  public var askSize: Decimal?
  public var bidExchange: String?
  public var askExchange: String?
  public var conditions: [String]?
  public var tape: String?

  enum CodingKeys: String, CodingKey {
    case time = "t"
    case bidPrice = "bp"
    case bidSize = "bs"
    case askPrice = "ap"
    case askSize = "as"
    case bidExchange = "bx"
    case askExchange = "ax"
    case conditions = "c"
    case tape = "z"
  }

  public init(time: AlpacaTime?, bidPrice: Decimal?, askPrice: Decimal?) {
    self.time = time
    self.bidPrice = bidPrice
    self.askPrice = askPrice
  }
}

/// A trade: `{"t","p","s","x","i","c","z"}`. A reader needs the price and time; it takes
/// the rest leniently.
public struct AlpacaTrade: Codable, Hashable, Sendable {
  public var time: AlpacaTime?
  public var price: Decimal?
  @Lenient public var size: Decimal?
  @Lenient public var exchange: String?
  @Lenient public var id: Int64?
  @Lenient public var conditions: [String]?
  @Lenient public var tape: String?

  enum CodingKeys: String, CodingKey {
    case time = "t"
    case price = "p"
    case size = "s"
    case exchange = "x"
    case id = "i"
    case conditions = "c"
    case tape = "z"
  }

  public init(time: AlpacaTime?, price: Decimal?) {
    self.time = time
    self.price = price
  }
}

/// `GET /v2/stocks/quotes/latest`: `{"quotes": {"AAPL": {...}}}`.
public struct AlpacaLatestQuotes: Codable, Hashable, Sendable {
  public var quotes: [String: AlpacaQuote]

  public init(quotes: [String: AlpacaQuote]) { self.quotes = quotes }
}

/// `GET /v2/stocks/trades/latest`: `{"trades": {"AAPL": {...}}}`.
public struct AlpacaLatestTrades: Codable, Hashable, Sendable {
  public var trades: [String: AlpacaTrade]

  public init(trades: [String: AlpacaTrade]) { self.trades = trades }
}
