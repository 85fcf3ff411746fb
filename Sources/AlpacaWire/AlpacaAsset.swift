/// One asset (`/v2/assets`, a watchlist's `assets`).
public struct AlpacaAsset: Codable, Hashable, Sendable {
  public var id: String
  /// `us_equity`.
  public var assetClass: String
  /// `NASDAQ`, `NYSE`…, or `""`.
  public var exchange: String
  public var symbol: String
  public var name: String
  /// `active` or `inactive`.
  public var status: String
  public var tradable: Bool
  public var marginable: Bool
  public var shortable: Bool
  public var easyToBorrow: Bool
  public var fractionable: Bool
  public var attributes: [String]

  enum CodingKeys: String, CodingKey {
    case id, exchange, symbol, name, status, tradable, marginable, shortable, easyToBorrow
    case fractionable, attributes
    case assetClass = "class"
  }

  public init(
    id: String, assetClass: String, exchange: String, symbol: String, name: String,
    status: String, tradable: Bool, marginable: Bool, shortable: Bool, easyToBorrow: Bool,
    fractionable: Bool, attributes: [String]
  ) {
    self.id = id
    self.assetClass = assetClass
    self.exchange = exchange
    self.symbol = symbol
    self.name = name
    self.status = status
    self.tradable = tradable
    self.marginable = marginable
    self.shortable = shortable
    self.easyToBorrow = easyToBorrow
    self.fractionable = fractionable
    self.attributes = attributes
  }
}

/// `GET /v2/clock`.
public struct AlpacaClock: Codable, Hashable, Sendable {
  public var timestamp: AlpacaTime
  public var isOpen: Bool
  public var nextOpen: AlpacaTime
  public var nextClose: AlpacaTime

  public init(timestamp: AlpacaTime, isOpen: Bool, nextOpen: AlpacaTime, nextClose: AlpacaTime) {
    self.timestamp = timestamp
    self.isOpen = isOpen
    self.nextOpen = nextOpen
    self.nextClose = nextClose
  }
}

/// One session of `/v2/calendar`: `date` is `YYYY-MM-DD`, `open` and `close` exactly `HH:MM`
/// in New York (alpaca-py parses them so), the extended session as `HHMM`.
public struct AlpacaCalendarDay: Codable, Hashable, Sendable {
  public var date: String
  public var open: String
  public var close: String
  public var sessionOpen: String
  public var sessionClose: String
  public var settlementDate: String

  public init(
    date: String, open: String, close: String, sessionOpen: String, sessionClose: String,
    settlementDate: String
  ) {
    self.date = date
    self.open = open
    self.close = close
    self.sessionOpen = sessionOpen
    self.sessionClose = sessionClose
    self.settlementDate = settlementDate
  }
}
