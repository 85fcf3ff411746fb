import Foundation

/// An account's cash and positions, changed only by trades.
///
/// Cost basis uses the **average-cost method**: a buy adds its cost to the position's
/// total cost; a sale removes `totalCost × sharesSold ÷ sharesHeld` (all of it when
/// the position is closed) and books `proceeds − removed cost` as realized profit.
///
/// Cash moves in whole cents. A buy's cost is rounded *up* to the cent and a sale's
/// proceeds *down*, as brokerages do with fractional shares, so no trade can create
/// or destroy a fraction of a cent. With that, `cash + Σ totalCost − realizedProfit`
/// always equals the cash the account started with.
public struct Ledger: Sendable, Hashable, Codable {
  public private(set) var cash: Money
  public private(set) var positions: [Symbol: Position]
  /// The sum of every sale's realized profit (negative for a net loss).
  public private(set) var realizedProfit: Money

  public init(cash: Money, positions: [Symbol: Position] = [:], realizedProfit: Money = .zero) {
    self.cash = cash
    self.positions = positions
    self.realizedProfit = realizedProfit
  }

  /// Rebuilds a ledger by replaying `trades` in order from `startingCash`.
  public init(startingCash: Money, replaying trades: some Sequence<Trade>) {
    self.init(cash: startingCash)
    for trade in trades { apply(trade) }
  }

  public func position(for symbol: Symbol) -> Position? { positions[symbol] }

  public func shares(of symbol: Symbol) -> Quantity { positions[symbol]?.shares ?? .zero }

  /// Checks and records a trade of `shares` of `symbol` at `price`.
  ///
  /// - Throws: `TradeError` (`nonPositiveBuy`, `nonPositiveSell`, `insufficientFunds`,
  ///   `insufficientShares`, `noPrice`); the ledger is unchanged when it throws.
  @discardableResult
  public mutating func execute(
    _ side: TradeSide, _ shares: Quantity, of symbol: Symbol, at price: Price, time: Date
  ) throws(TradeError) -> Trade {
    let trade = try quote(side, shares, of: symbol, at: price, time: time)
    apply(trade)
    return trade
  }

  /// The trade `execute` would record, without recording it.
  public func quote(
    _ side: TradeSide, _ shares: Quantity, of symbol: Symbol, at price: Price, time: Date
  ) throws(TradeError) -> Trade {
    guard shares.isPositive else { throw side == .buy ? .nonPositiveBuy : .nonPositiveSell }
    guard price.isPositive else { throw .noPrice }
    switch side {
    case .buy:
      let cost = (price * shares).rounded(toFractionDigits: 2, rounding: .awayFromZero)
      guard cost <= cash else { throw .insufficientFunds }
      return Trade(
        symbol: symbol, side: .buy, shares: shares, price: price, amount: cost,
        realizedProfit: .zero, time: time)
    case .sell:
      guard let position = positions[symbol], shares <= position.shares else {
        throw .insufficientShares
      }
      let proceeds = (price * shares).rounded(toFractionDigits: 2, rounding: .towardZero)
      let removedCost = Ledger.costRemoved(selling: shares, from: position)
      return Trade(
        symbol: symbol, side: .sell, shares: shares, price: price, amount: proceeds,
        realizedProfit: proceeds - removedCost, time: time)
    }
  }

  /// Records a trade already checked (or read back from storage) without checking it again.
  public mutating func apply(_ trade: Trade) {
    var position =
      positions[trade.symbol] ?? Position(symbol: trade.symbol, shares: .zero, totalCost: .zero)
    switch trade.side {
    case .buy:
      cash -= trade.amount
      position.shares += trade.shares
      position.totalCost += trade.amount
    case .sell:
      let removedCost = Ledger.costRemoved(selling: trade.shares, from: position)
      cash += trade.amount
      position.shares -= trade.shares
      position.totalCost -= removedCost
      realizedProfit += trade.amount - removedCost
    }
    positions[trade.symbol] = position.shares.isPositive ? position : nil
  }

  /// The cost basis a sale of `shares` removes: proportional, in cents, and all of it
  /// when the sale closes the position, so nothing is left behind by rounding.
  static func costRemoved(selling shares: Quantity, from position: Position) -> Money {
    guard shares < position.shares else { return position.totalCost }
    let proportional = (position.totalCost.exact * shares.exact).divided(
      by: position.shares.exact, fractionDigits: 2)
    return Money(exact: proportional ?? position.totalCost.exact)
  }
}
