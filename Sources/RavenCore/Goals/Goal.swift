import Foundation

/// A financial goal ("House deposit, $60,000") funded by assets the person holds.
public struct Goal: Sendable, Hashable, Codable {
  public var title: String
  public var description: String
  /// The value the goal aims for, in dollars.
  public var target: Money
  public var allocations: [GoalAllocation]

  public init(title: String, description: String, target: Money, allocations: [GoalAllocation]) {
    self.title = title
    self.description = description
    self.target = target
    self.allocations = allocations
  }
}

/// Part of a holding set aside for a goal: a number of shares, or a percentage of
/// whatever is held of that stock.
public struct GoalAllocation: Sendable, Hashable, Codable {
  public enum Amount: Sendable, Hashable {
    case shares(Quantity)
    /// 0 < percent ≤ 100 of the shares held.
    case percent(ExactDecimal)
  }

  public var symbol: Symbol
  public var amount: Amount

  public init(symbol: Symbol, amount: Amount) {
    self.symbol = symbol
    self.amount = amount
  }

  public static func shares(_ symbol: Symbol, _ shares: Quantity) -> GoalAllocation {
    GoalAllocation(symbol: symbol, amount: .shares(shares))
  }

  public static func percent(_ symbol: Symbol, _ percent: ExactDecimal) -> GoalAllocation {
    GoalAllocation(symbol: symbol, amount: .percent(percent))
  }

  /// The shares this allocation asks for when `held` shares are held.
  public func requestedShares(held: Quantity) -> Quantity {
    switch amount {
    case .shares(let shares): shares
    case .percent(let percent):
      Quantity(
        exact: (held.exact * percent).divided(
          by: 100, fractionDigits: Quantity.maximumFractionDigits, rounding: .towardZero)
          ?? .zero)
    }
  }

  // JSON: {"symbol": "AAPL", "shares": "2"} or {"symbol": "AAPL", "percent": "50"}.
  private enum CodingKeys: String, CodingKey { case symbol, shares, percent }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    symbol = try container.decode(Symbol.self, forKey: .symbol)
    let shares = try container.decodeIfPresent(Quantity.self, forKey: .shares)
    let percent = try container.decodeIfPresent(ExactDecimal.self, forKey: .percent)
    switch (shares, percent) {
    case (let shares?, nil): amount = .shares(shares)
    case (nil, let percent?): amount = .percent(percent)
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .shares, in: container,
        debugDescription: "An allocation has either \"shares\" or \"percent\", not both or neither")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(symbol, forKey: .symbol)
    switch amount {
    case .shares(let shares): try container.encode(shares, forKey: .shares)
    case .percent(let percent): try container.encode(percent, forKey: .percent)
    }
  }
}
