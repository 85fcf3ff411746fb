import Foundation

/// What applying one fill to a ledger did.
public struct AppliedFill: Sendable, Hashable {
  /// The trade recorded; `nil` when nothing could be afforded.
  public var trade: Trade?
  /// Whether the order's rest must be canceled: the fill was cut to what the cash covers.
  public var cutShort: Bool

  public init(trade: Trade?, cutShort: Bool) {
    self.trade = trade
    self.cutShort = cutShort
  }
}

extension Ledger {
  /// Applies one fill of an order and keeps the buying power of every open order whole.
  ///
  /// `heldByOthers` is the cash the account's other open buy orders hold, and `holdAfter`
  /// what this order will hold for its rest after the fill. A buy that would leave less
  /// than that (a stop or an opening order filling through a gap above what it held)
  /// fills only what the free cash covers, in whole shares for a whole-share order, and
  /// the rest of the order is to be canceled. A sale is held to the shares owned. So cash
  /// never goes below zero and never below what open orders hold.
  ///
  /// On a margin account an opening order (a buy, or a short sale) fills in full: its
  /// buying power was checked as it was placed, and the margin call guards the rest.
  /// A closing order is still held to the position it closes.
  public mutating func apply(
    _ fill: OrderFill, side: TradeSide, symbol: Symbol, wholeShares: Bool,
    heldByOthers: Money = .zero, holdAfter: Money = .zero, margin: Bool = false,
    intent: PositionIntent? = nil
  ) -> AppliedFill {
    let intent = intent ?? .assumed(for: side)
    if margin, intent.opens || side == .buy {
      guard
        let trade = try? execute(
          side, fill.qty, of: symbol, at: fill.price, time: fill.time, margin: true)
      else { return AppliedFill(trade: nil, cutShort: true) }
      return AppliedFill(trade: trade, cutShort: false)
    }
    if intent == .buyToClose {
      // A cover buys back no more than the short position.
      let short = max(-shares(of: symbol), .zero)
      let qty = min(fill.qty, short)
      guard qty.isPositive,
        let trade = try? execute(
          .buy, qty, of: symbol, at: fill.price, time: fill.time, margin: true)
      else { return AppliedFill(trade: nil, cutShort: true) }
      return AppliedFill(trade: trade, cutShort: qty < fill.qty)
    }
    let reserved = side == .buy ? heldByOthers + holdAfter : .zero
    let fits =
      (try? free(reserving: reserved).quote(
        side, fill.qty, of: symbol, at: fill.price, time: fill.time)) != nil
    let qty =
      fits
      ? fill.qty
      : free(reserving: side == .buy ? heldByOthers : .zero).affordable(
        fill.qty, side: side, symbol: symbol, at: fill.price, whole: wholeShares)
    guard qty.isPositive,
      let trade = try? execute(side, qty, of: symbol, at: fill.price, time: fill.time)
    else { return AppliedFill(trade: nil, cutShort: true) }
    return AppliedFill(trade: trade, cutShort: !fits)
  }

  /// This ledger with `reserved` of its cash set aside.
  private func free(reserving reserved: Money) -> Ledger {
    Ledger(
      cash: max(.zero, cash - reserved), positions: positions, realizedProfit: realizedProfit)
  }

  /// The most of `wanted` shares this ledger can buy or sell at `price`.
  func affordable(
    _ wanted: Quantity, side: TradeSide, symbol: Symbol, at price: Price, whole: Bool
  ) -> Quantity {
    let digits = whole ? 0 : Quantity.maximumFractionDigits
    switch side {
    case .sell:
      return min(wanted, shares(of: symbol))
    case .buy:
      guard
        var shares = cash.exact.divided(
          by: price.exact, fractionDigits: digits, rounding: .towardZero)
      else { return .zero }
      shares = min(shares, wanted.exact)
      // The cost is rounded up to the cent, which can take a last unit over the cash.
      let unit = ExactDecimal(units: 1, fractionDigits: digits)
      while shares.isPositive,
        (try? quote(.buy, Quantity(exact: shares), of: symbol, at: price, time: .distantPast))
          == nil
      {
        shares -= unit
      }
      return Quantity(exact: max(shares, .zero))
    }
  }
}
