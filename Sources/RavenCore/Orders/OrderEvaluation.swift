import Foundation

/// What one minute offers one order before the minute's volume is shared out: the price
/// it may fill at and the share of the minute's volume that traded at that price or
/// better, plus the state the minute leaves on the order.
struct OrderEvaluation: Sendable, Hashable {
  struct Offer: Sendable, Hashable {
    var price: Price
    /// In 0…1: the part of the minute's volume that traded at `price` or better.
    var liquidity: ExactDecimal
  }

  var offer: Offer?
  /// A trailing stop's mark after the minute.
  var mark: Price?
  /// Whether the stop triggered in this minute.
  var triggers: Bool
  /// Whether what this minute leaves unfilled is canceled (ioc, fok, opg, cls).
  var cancelsRest: Bool

  /// How `order` fares in `minute`; `nil` when the order is not in play in it (not yet
  /// eligible, or an opening or closing order outside its minute).
  init?(_ order: RestingOrder, in minute: MarketMinute, placing: Bool) {
    guard placing || minute.bar.time >= order.eligibleFrom else { return nil }
    switch order.timeInForce {
    case .opg: guard minute.isOpening, !placing else { return nil }
    case .cls: guard minute.isClosing, !placing else { return nil }
    case .day, .gtc, .ioc, .fok: break
    }
    cancelsRest = [.opg, .cls, .ioc, .fok].contains(order.timeInForce)
    mark = order.mark
    triggers = false
    let bar = minute.bar
    switch order.type {
    case .market:
      offer = Offer(price: Self.marketPrice(order, at: bar.open, in: minute), liquidity: 1)
    case .limit:
      offer = Self.limitOffer(
        order.side, limit: order.limitPrice!, bar: bar, reference: bar.open,
        spread: Self.spread(for: order, in: minute))
    case .stop, .stopLimit, .trailingStop:
      if order.triggered {
        offer =
          order.type == .stopLimit
          ? Self.limitOffer(
            order.side, limit: order.limitPrice!, bar: bar, reference: bar.open,
            spread: Self.spread(for: order, in: minute))
          : Offer(price: Self.marketPrice(order, at: bar.open, in: minute), liquidity: 1)
        return
      }
      if order.type == .trailingStop, mark == nil { mark = bar.open }
      var probe = order
      probe.mark = mark
      guard let stop = probe.triggerPrice,
        let reference = Self.triggerPrice(order.side, stop: stop, bar: bar)
      else {
        if order.type == .trailingStop, let current = mark {
          mark = order.side == .sell ? max(current, bar.high) : min(current, bar.low)
        }
        offer = nil
        return
      }
      triggers = true
      guard order.type == .stopLimit else {
        offer = Offer(price: Self.marketPrice(order, at: reference, in: minute), liquidity: 1)
        return
      }
      // Which came first in the minute, the trigger or a dip to the limit, is unknown:
      // the trigger minute fills only when the trigger price itself is within the limit.
      let limit = order.limitPrice!
      let withinLimit = order.side == .buy ? reference <= limit : reference >= limit
      offer =
        withinLimit
        ? Self.limitOffer(
          order.side, limit: limit, bar: bar, reference: reference,
          spread: Self.spread(for: order, in: minute)) : nil
    }
  }

  /// Where a market order (or a stop become one) fills when the price stands at `price`:
  /// at the ask or the bid on a market that quotes them, except in an auction (an opening
  /// or closing order), which fills every order at its one price.
  static func marketPrice(_ order: RestingOrder, at price: Price, in minute: MarketMinute)
    -> Price
  {
    spread(for: order, in: minute)?.fill(order.side, at: price) ?? price
  }

  /// The spread `order` pays when it takes the price at once: the minute's, except in an
  /// auction.
  static func spread(for order: RestingOrder, in minute: MarketMinute) -> MarketMinute.Spread? {
    [.opg, .cls].contains(order.timeInForce) ? nil : minute.spread
  }

  /// Where a stop at `stop` triggers in `bar`: at the open when the minute opens beyond
  /// the stop (a gap), at the stop when the minute's range reaches it, `nil` otherwise.
  static func triggerPrice(_ side: TradeSide, stop: Price, bar: Bar) -> Price? {
    switch side {
    case .buy:
      guard bar.high >= stop else { return nil }
      return bar.open >= stop ? bar.open : stop
    case .sell:
      guard bar.low <= stop else { return nil }
      return bar.open <= stop ? bar.open : stop
    }
  }

  /// A limit order's chance in `bar`: at `reference` (the open, or where a stop-limit
  /// triggered) when that is at or better than the limit, else at the limit when the
  /// minute traded there. A fill is never outside the minute's range nor worse than the
  /// limit. An order that meets the price at once takes it as a market order does, at the
  /// ask or bid of `spread` (capped by its limit); one the price comes to fills at its limit.
  ///
  /// The volume at or better than the limit is estimated from where the limit sits in
  /// the minute's range, counting one tick at the touch: a limit the minute only just
  /// reached gets a sliver of its volume, one through the whole range gets all of it.
  static func limitOffer(
    _ side: TradeSide, limit: Price, bar: Bar, reference: Price,
    spread: MarketMinute.Spread? = nil
  ) -> Offer? {
    let tick = limit.tick
    let span = bar.high.exact - bar.low.exact + tick.exact
    switch side {
    case .buy:
      guard bar.low <= limit else { return nil }
      let inside = min(limit.exact, bar.high.exact) - bar.low.exact + tick.exact
      let taken = spread?.fill(.buy, at: reference) ?? reference
      return Offer(
        price: min(limit, taken), liquidity: inside.divided(by: span, fractionDigits: 9)!)
    case .sell:
      guard bar.high >= limit else { return nil }
      let inside = bar.high.exact - max(limit.exact, bar.low.exact) + tick.exact
      let taken = spread?.fill(.sell, at: reference) ?? reference
      return Offer(
        price: max(limit, taken), liquidity: inside.divided(by: span, fractionDigits: 9)!)
    }
  }
}
