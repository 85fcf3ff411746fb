import Crypto
import Foundation
import RavenCore
import RavenStore

/// Raven's values in the shapes of Alpaca's trading API (`../shared/alpaca-contract.md`):
/// snake_case keys, amounts as strings, times as RFC 3339 in UTC with `Z`.
enum AlpacaFormat {
  /// `2026-11-20T15:04:05.123456Z`: microseconds, as Alpaca sends them.
  static func time(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    )
  }

  /// An amount as Alpaca writes it: plain decimal text without trailing zeros.
  static func amount(_ value: ExactDecimal) -> String { value.trimmed.description }

  /// A stable id for a thing Raven names otherwise (an asset by its symbol, an account by
  /// its user): a name-based UUID (version 5 layout over SHA-256), the same on every server.
  static func uuid(_ name: String) -> UUID {
    var bytes = Array(SHA256.hash(data: Data(("raven:" + name).utf8)).prefix(16))
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  static func assetID(_ symbol: Symbol) -> UUID { uuid("asset:" + symbol.rawValue) }
  static func accountID(_ user: UserID) -> UUID { uuid("account:\(user.rawValue)") }
}

/// `GET /v2/clock`.
struct AlpacaClock: Encodable {
  var timestamp: String
  var isOpen: Bool
  var nextOpen: String
  var nextClose: String

  enum CodingKeys: String, CodingKey {
    case timestamp
    case isOpen = "is_open"
    case nextOpen = "next_open"
    case nextClose = "next_close"
  }
}

/// An order (`/v2/orders`), every key present (`null` where Alpaca sends null).
struct AlpacaOrder: Encodable {
  let order: Order

  enum CodingKeys: String, CodingKey {
    case id
    case clientOrderID = "client_order_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case submittedAt = "submitted_at"
    case filledAt = "filled_at"
    case expiredAt = "expired_at"
    case canceledAt = "canceled_at"
    case failedAt = "failed_at"
    case replacedAt = "replaced_at"
    case replacedBy = "replaced_by"
    case replaces
    case assetID = "asset_id"
    case symbol
    case assetClass = "asset_class"
    case notional, qty
    case filledQty = "filled_qty"
    case filledAvgPrice = "filled_avg_price"
    case orderClass = "order_class"
    case orderType = "order_type"
    case type, side
    case timeInForce = "time_in_force"
    case limitPrice = "limit_price"
    case stopPrice = "stop_price"
    case status
    case extendedHours = "extended_hours"
    case legs
    case trailPercent = "trail_percent"
    case trailPrice = "trail_price"
    case hwm
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let time = { (date: Date?) in date.map(AlpacaFormat.time) }
    let amount = { (value: ExactDecimal?) in value.map(AlpacaFormat.amount) }
    try container.encode(order.id.uuidString.lowercased(), forKey: .id)
    try container.encode(order.clientOrderID, forKey: .clientOrderID)
    try container.encode(AlpacaFormat.time(order.createdAt), forKey: .createdAt)
    try container.encode(AlpacaFormat.time(order.updatedAt), forKey: .updatedAt)
    try container.encode(AlpacaFormat.time(order.submittedAt), forKey: .submittedAt)
    try container.encode(time(order.filledAt), forKey: .filledAt)
    try container.encode(time(order.expiredAt), forKey: .expiredAt)
    try container.encode(
      time(order.status == .canceled ? order.canceledAt : nil), forKey: .canceledAt)
    try container.encode(
      order.status == .rejected ? time(order.updatedAt) : nil, forKey: .failedAt)
    try container.encode(
      time(order.status == .replaced ? order.canceledAt : nil), forKey: .replacedAt)
    try container.encode(order.replacedBy?.uuidString.lowercased(), forKey: .replacedBy)
    try container.encode(order.replaces?.uuidString.lowercased(), forKey: .replaces)
    try container.encode(
      AlpacaFormat.assetID(order.symbol).uuidString.lowercased(), forKey: .assetID)
    try container.encode(order.symbol.rawValue, forKey: .symbol)
    try container.encode("us_equity", forKey: .assetClass)
    try container.encode(amount(order.notional?.exact), forKey: .notional)
    try container.encode(amount(order.qty?.exact), forKey: .qty)
    try container.encode(AlpacaFormat.amount(order.filledQty.exact), forKey: .filledQty)
    try container.encode(amount(order.filledAvgPrice?.exact), forKey: .filledAvgPrice)
    try container.encode("simple", forKey: .orderClass)
    try container.encode(order.type.rawValue, forKey: .orderType)
    try container.encode(order.type.rawValue, forKey: .type)
    try container.encode(order.side.rawValue, forKey: .side)
    try container.encode(order.timeInForce.rawValue, forKey: .timeInForce)
    try container.encode(amount(order.limitPrice?.exact), forKey: .limitPrice)
    try container.encode(amount(order.stopPrice?.exact), forKey: .stopPrice)
    try container.encode(order.status.rawValue, forKey: .status)
    try container.encode(false, forKey: .extendedHours)
    try container.encodeNil(forKey: .legs)
    try container.encode(amount(order.trailPercent), forKey: .trailPercent)
    try container.encode(amount(order.trailPrice?.exact), forKey: .trailPrice)
    try container.encode(amount(order.hwm?.exact), forKey: .hwm)
  }
}
