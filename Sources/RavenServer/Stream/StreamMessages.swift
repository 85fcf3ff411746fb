import Foundation
import RavenCore

/// What a client sends on `/api/v1/stream`.
struct ClientMessage: Decodable, Sendable {
  enum Kind: String, Decodable, Sendable {
    case subscribe, unsubscribe
  }

  var type: Kind
  var symbols: [String]
}

/// A price update: `{"type":"quote","symbol","price","change","changePercent","time"}`, with
/// `bid` and `ask` on a market that quotes them.
struct QuoteMessage: Encodable, Sendable {
  var type = "quote"
  var symbol: Symbol
  var price: Price
  var change: Price
  var changePercent: ExactDecimal
  var time: Date
  var bid: Price?
  var ask: Price?

  init(_ quote: Quote) {
    symbol = quote.symbol
    price = quote.price
    change = quote.change
    changePercent = quote.changePercent
    time = quote.time
    bid = quote.bid
    ask = quote.ask
  }
}

/// A change to an order of one of the signed-in user's accounts (placed, filled,
/// canceled, expired, replaced): `{"type":"order","accountId":"…","order":{…}}`, the
/// order as `GET /api/v1/orders/{id}` answers it.
struct OrderMessage: Encodable, Sendable {
  var type = "order"
  var order: Order
  var accountId: UUID
}

/// A refusal: `{"type":"error","code","message"}`; the connection stays open.
struct ErrorMessage: Encodable, Sendable {
  var type = "error"
  var code: String
  var message: String
}

enum StreamJSON {
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
  }
}
