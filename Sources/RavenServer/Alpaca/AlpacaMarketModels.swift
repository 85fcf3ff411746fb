import Foundation
import RavenCore

/// Market data in Alpaca's short keys. Prices and sizes are JSON numbers (written from
/// exact decimals, never through `Double`), times RFC 3339 in UTC.
struct AlpacaBar: Encodable, Sendable {
  let bar: Bar

  enum CodingKeys: String, CodingKey { case t, o, h, l, c, v, n, vw }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(AlpacaFormat.time(bar.time), forKey: .t)
    try container.encode(bar.open.exact.value, forKey: .o)
    try container.encode(bar.high.exact.value, forKey: .h)
    try container.encode(bar.low.exact.value, forKey: .l)
    try container.encode(bar.close.exact.value, forKey: .c)
    try container.encode(bar.volume, forKey: .v)
    // Keys Alpaca's SDK requires, values Raven's bars do not carry.
    try container.encodeNil(forKey: .n)
    try container.encodeNil(forKey: .vw)
  }
}

/// A quote's bid and ask, each side a round lot of 100 shares: the market's own where it
/// quotes them (the simulated market), else the price less and plus a half-spread of one
/// basis point (at least a cent), for a provider that reports trades only.
struct AlpacaQuote: Encodable, Sendable {
  let time: Date
  let bid: Price
  let ask: Price

  init(_ quote: Quote) {
    let half = Self.halfSpread(at: quote.price)
    time = quote.time
    bid = quote.bid ?? max(quote.price - half, Price(cents: 1))
    ask = quote.ask ?? quote.price + half
  }

  static func halfSpread(at price: Price) -> Price {
    let basisPoint =
      price.exact.divided(by: ExactDecimal(10_000), fractionDigits: 2, rounding: .awayFromZero)
      ?? .zero
    return max(Price(exact: basisPoint), Price(cents: 1))
  }

  enum CodingKeys: String, CodingKey {
    case t, bp, bs, ap, c, z
    case askSize = "as"
    case bx, ax
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(AlpacaFormat.time(time), forKey: .t)
    try container.encode(bid.exact.value, forKey: .bp)
    try container.encode(100, forKey: .bs)
    try container.encode(ask.exact.value, forKey: .ap)
    try container.encode(100, forKey: .askSize)
    try container.encode("V", forKey: .bx)
    try container.encode("V", forKey: .ax)
    try container.encode(["R"], forKey: .c)
    try container.encode("C", forKey: .z)
  }
}

/// The latest trade: the market's price at its time. Raven's market is made of minute bars,
/// not single prints, so its size is the round lot of 100.
struct AlpacaTrade: Encodable, Sendable {
  let time: Date
  let price: Price

  enum CodingKeys: String, CodingKey { case t, p, s, x, i, c, z }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(AlpacaFormat.time(time), forKey: .t)
    try container.encode(price.exact.value, forKey: .p)
    try container.encode(100, forKey: .s)
    try container.encode("V", forKey: .x)
    try container.encode(0, forKey: .i)
    try container.encode(["@"], forKey: .c)
    try container.encode("C", forKey: .z)
  }
}

/// One symbol of `/v2/stocks/snapshots`.
struct AlpacaSnapshot: Encodable, Sendable {
  var latestTrade: AlpacaTrade
  var latestQuote: AlpacaQuote
  var minuteBar: AlpacaBar?
  var dailyBar: AlpacaBar?
  var prevDailyBar: AlpacaBar?
}

/// `{"bars": {"AAPL": [...]}, "next_page_token": null}`.
struct AlpacaBarsPage: Encodable, Sendable {
  var bars: [String: [AlpacaBar]]
  var nextPageToken: String?

  enum CodingKeys: String, CodingKey {
    case bars
    case nextPageToken = "next_page_token"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bars, forKey: .bars)
    try container.encode(nextPageToken, forKey: .nextPageToken)
  }
}
