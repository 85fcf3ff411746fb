import Foundation

/// One trade an order's fill made, worked out against the account's stored state inside
/// the store's transaction: what to record and the state after it.
public struct TradeStep: Sendable {
  public let trade: Trade
  public let cash: Money
  public let realizedProfit: Money
  /// The position after the trade; `nil` when it sold out (the row is deleted).
  public let position: Position?

  /// A trade the ledger has already recorded (an order's fill), with the state after it.
  public init(trade: Trade, ledger: Ledger) {
    self.trade = trade
    self.cash = ledger.cash
    self.realizedProfit = ledger.realizedProfit
    self.position = ledger.position(for: trade.symbol)
  }
}

/// The order of a user's positions or watchlist after `set…Order`.
public enum Arrangement {
  /// `named` first in that order (ignoring symbols not in `current` and repeats),
  /// then the rest of `current` in its previous order.
  public static func arrange(_ current: [Symbol], first named: [Symbol]) -> [Symbol] {
    let present = Set(current)
    var placed = Set<Symbol>()
    var result: [Symbol] = []
    for symbol in named where present.contains(symbol) && placed.insert(symbol).inserted {
      result.append(symbol)
    }
    return result + current.filter { !placed.contains($0) }
  }
}

/// The goal check `saveGoal` runs inside its transaction.
///
/// Only the stocks the saved goal allocates are checked against the holdings: when a
/// sale has left another goal over-allocated in some other stock, that must not block
/// saving an unrelated goal (its progress already shows the reduced holding).
public enum GoalCheck {
  public static func validate(_ goal: Goal, others: [Goal], holdings: [Symbol: Quantity])
    throws(GoalError)
  {
    try GoalPlanner.validate(
      others + [goal], holdings: holdings, symbols: Set(goal.allocations.map(\.symbol)))
  }
}
