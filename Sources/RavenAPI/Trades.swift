import Foundation
import RavenCore

/// `POST /api/v1/trades`: buy or sell at the market's price.
public struct TradeRequest: Sendable, Hashable, Codable {
  public var symbol: String
  /// `buy` or `sell`.
  public var side: String
  /// Shares in the one strict decimal form (`3`, `0.5`), validated by RavenCore's
  /// `ShareAmount`. Read whether it was sent as a string (`"3"`) or a number (`3`, whose
  /// `Decimal` text is already that form), so that either way the user gets RavenCore's
  /// own messages.
  public var shares: String

  public init(symbol: String, side: String, shares: String) {
    self.symbol = symbol
    self.side = side
    self.shares = shares
  }

  enum CodingKeys: String, CodingKey { case symbol, side, shares }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    symbol = try container.decode(String.self, forKey: .symbol)
    side = try container.decode(String.self, forKey: .side)
    if let text = try? container.decode(String.self, forKey: .shares) {
      shares = text
    } else if let number = try? container.decode(Decimal.self, forKey: .shares) {
      shares = "\(number)"
    } else {
      shares = ""
    }
  }
}

/// The answer to a trade.
public struct TradeReceiptBody: Sendable, Hashable, Codable {
  public var trade: AccountTrade
  /// Cash right after the trade.
  public var cash: Money

  public init(trade: AccountTrade, cash: Money) {
    self.trade = trade
    self.cash = cash
  }
}

/// `GET /api/v1/trades`: a page of trades, newest first.
public struct TradesPageBody: Sendable, Hashable, Codable {
  public var trades: [AccountTrade]
  /// Pass as `before` for the next (older) page; `null` on the last page.
  public var nextCursor: String?

  public init(trades: [AccountTrade], nextCursor: String?) {
    self.trades = trades
    self.nextCursor = nextCursor
  }

  enum CodingKeys: String, CodingKey { case trades, nextCursor }

  /// Written out, because the synthesized encoder leaves out a `nil` cursor, and
  /// clients look for `"nextCursor": null` to know they have read the last page.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trades, forKey: .trades)
    try container.encode(nextCursor, forKey: .nextCursor)
  }
}
