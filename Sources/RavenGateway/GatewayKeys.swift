import Foundation
import RavenCore
import RavenMarketData

/// A search as the cache knows it: the query trimmed and lower-cased (searches are
/// case-insensitive), so "Apple " and "apple" share an entry.
struct SearchKey: Hashable, Sendable {
  var query: String
  var limit: Int

  init(query: String, limit: Int) {
    self.query = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    self.limit = limit
  }
}

/// Bars as the cache knows them. `to` is rounded up to the lifetime's grid (e.g. the
/// next multiple of 30 s since 1970 for intraday bars), so clients asking "up to now" a
/// few seconds apart share one entry; the answer is then cut back to the caller's `to`.
/// `from` is kept: charts start at a session's open or a midnight, which do not drift.
///
/// Cutting back is exact because the grids (30 s, 1 h by default) divide the minute and
/// the New York day, so no minute or session starts inside the rounded-up stretch that
/// the caller's own request would not have covered.
struct BarsKey: Hashable, Sendable {
  var symbol: Symbol
  var resolution: BarResolution
  var adjustment: BarAdjustment
  var from: Date
  var to: Date
}

/// News as the cache knows it: `from` rounded down and `to` rounded up to the news
/// lifetime's grid ("the last 7 days" asked a minute apart share an entry); the answer
/// is then filtered back to the caller's `[from, to]`.
struct NewsKey: Hashable, Sendable {
  var symbol: Symbol
  var from: Date
  var to: Date
}

struct SentimentKey: Hashable, Sendable {
  var symbol: Symbol
  var from: MarketDate
  var to: MarketDate
}

/// The market status has one entry.
struct MarketStatusKey: Hashable, Sendable {}

extension Date {
  /// The first multiple of `grid` seconds since 1970 at or after this instant.
  func roundedUp(toMultipleOf grid: TimeInterval) -> Date {
    guard grid > 0 else { return self }
    return Date(timeIntervalSince1970: (timeIntervalSince1970 / grid).rounded(.up) * grid)
  }

  /// The last multiple of `grid` seconds since 1970 at or before this instant.
  func roundedDown(toMultipleOf grid: TimeInterval) -> Date {
    guard grid > 0 else { return self }
    return Date(timeIntervalSince1970: (timeIntervalSince1970 / grid).rounded(.down) * grid)
  }
}
