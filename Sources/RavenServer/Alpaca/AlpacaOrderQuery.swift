import Foundation
import Hummingbird
import RavenCore
import RavenStore

/// `GET /v2/orders`'s query: `status` (open, closed, all; open by default), `limit` (1 to
/// 500, 50 by default), `after` and `until` (submission times, exclusive), `direction`
/// (desc by default), `symbols` (comma-separated), `side`, `nested` (true: a bracket's,
/// OTO's or OCO's legs inside its first order rather than listed on their own).
struct AlpacaOrderQuery {
  var status: OrderListStatus = .open
  var limit = 50
  var after: Date?
  var until: Date?
  var ascending = false
  var symbols: Set<Symbol>?
  var side: TradeSide?
  var nested = false

  init(_ query: Parameters) throws {
    nested = query["nested"].map { $0.lowercased() == "true" } ?? false
    if let text = query["status"] {
      guard let status = OrderListStatus(rawValue: String(text).lowercased()) else {
        throw AlpacaError.unprocessable("invalid status: \(text)")
      }
      self.status = status
    }
    if let text = query["limit"] {
      guard let limit = Int(String(text)), (1...500).contains(limit) else {
        throw AlpacaError.unprocessable("limit must be 1 to 500")
      }
      self.limit = limit
    }
    after = try query["after"].map { try AlpacaFormat.parseTime(String($0), "after") }
    until = try query["until"].map { try AlpacaFormat.parseTime(String($0), "until") }
    if let text = query["direction"] {
      switch String(text).lowercased() {
      case "asc": ascending = true
      case "desc": ascending = false
      default: throw AlpacaError.unprocessable("direction must be asc or desc")
      }
    }
    if let text = query["symbols"], !text.isEmpty {
      symbols = Set(try AlpacaMarketDataController.symbols(in: text))
    }
    if let text = query["side"] {
      guard let side = TradeSide(rawValue: String(text).lowercased()) else {
        throw AlpacaError.unprocessable("side must be buy or sell")
      }
      self.side = side
    }
  }

  func matches(_ order: Order) -> Bool {
    (symbols.map { $0.contains(order.symbol) } ?? true) && (side.map { $0 == order.side } ?? true)
  }
}

extension AlpacaFormat {
  /// A time as Alpaca's clients send it: RFC 3339 with `Z` or an offset, with or without
  /// fractional seconds (alpaca-py: `2026-11-20T15:00:00+00:00`), or a date alone (its
  /// midnight in New York).
  static func parseTime(_ text: String, _ name: String) throws -> Date {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    if let date = try? Date(
      text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    {
      return date
    }
    if let day = MarketDate(text) {
      return ExchangeTimeZone().instant(on: day, secondsSinceMidnight: 0)
    }
    throw AlpacaError.unprocessable("invalid \(name): \(text)")
  }

  /// The end of a data range as Alpaca reads it: a time as `parseTime` reads it, but a date
  /// alone is that whole New York day (`start=end=2026-11-20` is the day's data), so its
  /// last instant.
  static func parseEnd(_ text: String, _ name: String = "end") throws -> Date {
    guard let day = MarketDate(text) else { return try parseTime(text, name) }
    return ExchangeTimeZone().instant(on: day.adding(days: 1), secondsSinceMidnight: 0)
      .addingTimeInterval(-0.000_001)
  }
}
