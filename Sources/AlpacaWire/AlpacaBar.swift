import Foundation

/// A bar in market data's short keys: `{"t","o","h","l","c","v","n","vw"}`, prices and
/// volume JSON numbers. Every field is optional, so that a reader, not the decoding,
/// decides which it needs; `n` and `vw` are keys alpaca-py requires, written `null` where
/// there is no value and read leniently.
public struct AlpacaBar: Codable, Hashable, Sendable {
  public var time: AlpacaTime?
  public var open: Decimal?
  public var high: Decimal?
  public var low: Decimal?
  public var close: Decimal?
  public var volume: Decimal?
  /// The number of trades.
  @Lenient public var tradeCount: Int?
  /// The volume-weighted average price.
  @Lenient public var vwap: Decimal?

  enum CodingKeys: String, CodingKey {
    case time = "t"
    case open = "o"
    case high = "h"
    case low = "l"
    case close = "c"
    case volume = "v"
    case tradeCount = "n"
    case vwap = "vw"
  }

  public init(
    time: AlpacaTime?, open: Decimal?, high: Decimal?, low: Decimal?, close: Decimal?,
    volume: Decimal?
  ) {
    self.time = time
    self.open = open
    self.high = high
    self.low = low
    self.close = close
    self.volume = volume
  }
}

/// `GET /v2/stocks/bars`: `{"bars": {"AAPL": [...]}, "next_page_token": null}`.
public struct AlpacaBarsPage: Codable, Hashable, Sendable {
  public var bars: [String: [AlpacaBar]]
  @Nullable public var nextPageToken: String?

  public init(bars: [String: [AlpacaBar]], nextPageToken: String?) {
    self.bars = bars
    self.nextPageToken = nextPageToken
  }
}

/// `GET /v2/stocks/{symbol}/bars`: `{"bars": [...] | null, "symbol", "next_page_token"}`.
public struct AlpacaSymbolBarsPage: Codable, Hashable, Sendable {
  @NullAsEmpty public var bars: [AlpacaBar]
  @Lenient public var symbol: String?
  @Nullable public var nextPageToken: String?

  public init(bars: [AlpacaBar], symbol: String?, nextPageToken: String?) {
    self.bars = bars
    self.symbol = symbol
    self.nextPageToken = nextPageToken
  }
}

/// `GET /v2/stocks/bars/latest`: `{"bars": {"AAPL": {...}}}`.
public struct AlpacaLatestBars: Codable, Hashable, Sendable {
  public var bars: [String: AlpacaBar]

  public init(bars: [String: AlpacaBar]) { self.bars = bars }
}
