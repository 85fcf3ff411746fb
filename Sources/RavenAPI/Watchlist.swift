import Foundation
import RavenCore

/// `GET /api/v1/watchlist`: the user's favorites with live prices, in their order.
public struct WatchlistBody: Sendable, Hashable, Codable {
  /// A favorite; the price fields are absent when no quote could be had.
  public struct Item: Sendable, Hashable, Codable {
    public var symbol: Symbol
    public var name: String
    public var price: Price?
    public var change: Price?
    public var changePercent: ExactDecimal?

    public init(
      symbol: Symbol, name: String, price: Price?, change: Price?, changePercent: ExactDecimal?
    ) {
      self.symbol = symbol
      self.name = name
      self.price = price
      self.change = change
      self.changePercent = changePercent
    }
  }

  public var items: [Item]

  public init(items: [Item]) { self.items = items }
}
