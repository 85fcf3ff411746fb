import Foundation

/// One trade worked out against an account's stored state, inside the store's
/// transaction and before anything is written: what to record and the state after it.
///
/// Both stores load the same three things (cash, realized profit, the one position),
/// so the ledger's checks are the only place a trade is judged.
public struct TradeStep: Sendable {
  public let trade: Trade
  public let cash: Money
  public let realizedProfit: Money
  /// The position after the trade; `nil` when it sold out (the row is deleted).
  public let position: Position?

  /// `holds` are what the account's open orders hold: a trade may not spend the cash
  /// their buys hold, nor sell the shares their sales hold.
  public init(
    order: TradeOrder, cash: Money, realizedProfit: Money, position: Position?,
    holds: [OpenHold] = []
  ) throws(TradeError) {
    // More than `Quantity.maximumFractionDigits` fraction digits cannot be stored as a share count; refuse like
    // the trade sheet does instead of rounding someone's order.
    guard order.shares.exact.significantFractionDigits <= Quantity.maximumFractionDigits else {
      throw .invalidAmount
    }
    try Self.checkHolds(
      order, cash: cash, realizedProfit: realizedProfit, position: position, holds: holds)
    var ledger = Ledger(
      cash: cash, positions: position.map { [$0.symbol: $0] } ?? [:],
      realizedProfit: realizedProfit)
    trade = try ledger.execute(
      order.side, order.shares, of: order.symbol, at: order.price, time: order.time)
    self.cash = ledger.cash
    self.realizedProfit = ledger.realizedProfit
    self.position = ledger.position(for: order.symbol)
  }

  /// The trade worked out on what the open orders leave free, so that it is refused,
  /// with the ledger's own reasons and messages, when it would spend what they hold.
  private static func checkHolds(
    _ order: TradeOrder, cash: Money, realizedProfit: Money, position: Position?,
    holds: [OpenHold]
  ) throws(TradeError) {
    let heldCash = holds.reduce(Money.zero) { $0 + $1.cash }
    let heldShares = holds.filter { $0.symbol == order.symbol }
      .reduce(Quantity.zero) { $0 + $1.shares }
    guard heldCash.isPositive || heldShares.isPositive else { return }
    let free = position.map {
      Position(symbol: $0.symbol, shares: $0.shares - heldShares, totalCost: $0.totalCost)
    }
    var ledger = Ledger(
      cash: cash - heldCash,
      positions: free.flatMap { $0.shares.isPositive ? [$0.symbol: $0] : nil } ?? [:],
      realizedProfit: realizedProfit)
    _ = try ledger.execute(
      order.side, order.shares, of: order.symbol, at: order.price, time: order.time)
  }

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
