import Foundation

/// An account's cash and positions, changed by trades and by corporate actions (a split's
/// shares, a dividend's cash). On a margin account cash may go below zero (a loan) and a
/// position may be short (negative shares).
///
/// Cost basis uses the **average-cost method**: a buy adds its cost to the position's
/// total cost; a sale removes `totalCost × sharesSold ÷ sharesHeld` (all of it when
/// the position is closed) and books `proceeds − removed cost` as realized profit.
///
/// Cash moves in whole cents. A buy's cost is rounded *up* to the cent and a sale's
/// proceeds *down*, as brokerages do with fractional shares, so no trade can create
/// or destroy a fraction of a cent. With that, `cash + Σ totalCost − realizedProfit −
/// dividends` always equals the cash the account started with.
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

  /// A split booked at its ex-date's open: the position in `symbol` holds `shares` (as the
  /// booking recorded them), its total cost unchanged.
  public mutating func split(_ symbol: Symbol, to shares: Quantity) {
    guard let position = positions[symbol], !shares.isZero else { return }
    positions[symbol] = Position(symbol: symbol, shares: shares, totalCost: position.totalCost)
  }

  /// A dividend paid to the account (negative: owed by a short position).
  public mutating func receive(_ amount: Money) {
    cash += amount
  }

  public func shares(of symbol: Symbol) -> Quantity { positions[symbol]?.shares ?? .zero }

  /// Checks and records a trade of `shares` of `symbol` at `price`.
  ///
  /// - Parameter margin: whether the account trades on margin: it may then spend more
  ///   than its cash and sell short; its buying power is checked where the order is
  ///   placed (`MarginAccount`), not here.
  /// - Throws: `TradeError` (`nonPositiveBuy`, `nonPositiveSell`, `insufficientFunds`,
  ///   `insufficientShares`, `noPrice`); the ledger is unchanged when it throws.
  @discardableResult
  public mutating func execute(
    _ side: TradeSide, _ shares: Quantity, of symbol: Symbol, at price: Price, time: Date,
    margin: Bool = false
  ) throws(TradeError) -> Trade {
    let trade = try quote(side, shares, of: symbol, at: price, time: time, margin: margin)
    apply(trade)
    return trade
  }

  /// The trade `execute` would record, without recording it.
  public func quote(
    _ side: TradeSide, _ shares: Quantity, of symbol: Symbol, at price: Price, time: Date,
    margin: Bool = false
  ) throws(TradeError) -> Trade {
    guard shares.isPositive else { throw side == .buy ? .nonPositiveBuy : .nonPositiveSell }
    guard price.isPositive else { throw .noPrice }
    let amount = Ledger.cashMoved(side, shares, at: price)
    if !margin {
      switch side {
      case .buy:
        guard amount <= cash else { throw .insufficientFunds }
      case .sell:
        guard let position = positions[symbol], shares <= position.shares else {
          throw .insufficientShares
        }
      }
    }
    let closing = Ledger.closing(side, shares, amount: amount, at: price, of: positions[symbol])
    return Trade(
      symbol: symbol, side: side, shares: shares, price: price, amount: amount,
      realizedProfit: closing?.realizedProfit ?? .zero, time: time)
  }

  /// Records a trade already checked (or read back from storage) without checking it again.
  ///
  /// A trade on the other side of the position closes it first (a sale of a long
  /// position, a buy covering a short one), realizing its profit; what is left opens or
  /// adds to a position on the trade's side, at the cost (a buy) or the proceeds (a short
  /// sale, whose cost basis is negative, as Alpaca shows it).
  public mutating func apply(_ trade: Trade) {
    var position =
      positions[trade.symbol] ?? Position(symbol: trade.symbol, shares: .zero, totalCost: .zero)
    let sign: ExactDecimal = trade.side == .buy ? 1 : -1
    cash += Money(exact: -sign * trade.amount.exact)
    var opening = trade.shares
    var openingAmount = trade.amount
    if let closing = Ledger.closing(
      trade.side, trade.shares, amount: trade.amount, at: trade.price, of: position)
    {
      position.shares += Quantity(exact: sign * closing.shares.exact)
      position.totalCost -= closing.removedCost
      realizedProfit += closing.realizedProfit
      opening -= closing.shares
      openingAmount -= closing.amount
    }
    if opening.isPositive {
      position.shares += Quantity(exact: sign * opening.exact)
      position.totalCost += Money(exact: sign * openingAmount.exact)
    }
    positions[trade.symbol] = position.shares.isZero ? nil : position
  }

  /// The cash a trade moves: a buy's cost rounded up to the cent, a sale's proceeds down.
  static func cashMoved(_ side: TradeSide, _ shares: Quantity, at price: Price) -> Money {
    (price * shares).rounded(
      toFractionDigits: 2, rounding: side == .buy ? .awayFromZero : .towardZero)
  }

  /// The part of a trade that closes a position on the other side of it.
  struct Closing {
    var shares: Quantity
    /// The cash those shares move (all of the trade's when it closes no more than it holds).
    var amount: Money
    /// The cost basis they take out of the position (negative for a short one).
    var removedCost: Money
    /// The cash they moved, signed (a sale's proceeds, a cover's cost negative), less the
    /// cost basis they removed.
    var realizedProfit: Money
  }

  /// What a trade of `side` closes of `position`; nil when the position is on the same
  /// side or there is none.
  static func closing(
    _ side: TradeSide, _ shares: Quantity, amount: Money, at price: Price, of position: Position?
  ) -> Closing? {
    guard let position, !position.shares.isZero,
      position.shares.isPositive == (side == .sell)
    else { return nil }
    let closed = min(shares, position.shares.magnitude)
    let closedAmount = closed == shares ? amount : cashMoved(side, closed, at: price)
    let removed = costRemoved(selling: closed, from: position)
    let signedCash = side == .sell ? closedAmount : -closedAmount
    return Closing(
      shares: closed, amount: closedAmount, removedCost: removed,
      realizedProfit: signedCash - removed)
  }

  /// The cost basis a sale of `shares` removes: proportional, in cents, and all of it
  /// when the sale closes the position, so nothing is left behind by rounding.
  /// For a short position, the shares a cover buys back and the (negative) basis it removes.
  static func costRemoved(selling shares: Quantity, from position: Position) -> Money {
    guard shares < position.shares.magnitude else { return position.totalCost }
    let proportional = (position.totalCost.exact * shares.exact).divided(
      by: position.shares.magnitude.exact, fractionDigits: 2)
    return Money(exact: proportional ?? position.totalCost.exact)
  }
}
