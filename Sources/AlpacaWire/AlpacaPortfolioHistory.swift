import Foundation

/// `GET /v2/account/portfolio/history`: parallel lists, one element a point; times are
/// seconds since 1970, amounts JSON numbers. A reader needs the times and the equities (an
/// equity is `null` where there is no data); it takes the base value leniently.
public struct AlpacaPortfolioHistory: Codable, Hashable, Sendable {
  public var timestamp: [Int64]
  public var equity: [Decimal?]
  @Lenient public var profitLoss: [Decimal?]?
  @Lenient public var profitLossPct: [Decimal?]?
  @Lenient public var baseValue: Decimal?
  /// `5Min`, `1H`, `1D`…
  @Lenient public var timeframe: String?
  /// Money in and out at each point by activity type (`CSD` deposits, `CSW` withdrawals
  /// negative), when `cashflow_types` asked for them; `{}` otherwise (alpaca-py reads a
  /// dictionary, never null).
  @Lenient public var cashflow: [String: [Decimal]]?

  public init(timestamp: [Int64], equity: [Decimal?]) {
    self.timestamp = timestamp
    self.equity = equity
  }
}
