import Foundation

/// What one minute did to one order.
public struct MinuteOutcome: Sendable, Hashable {
  public var orderID: UUID
  /// Shares filled in the minute, at one price, stamped with the minute's start.
  public var fill: OrderFill?
  /// A trailing stop's mark after the minute, when it has one.
  public var mark: Price?
  /// Whether the stop triggered in this minute.
  public var triggered: Bool
  /// Whether what is left unfilled is canceled now (ioc, fok, opg, cls).
  public var cancelsRest: Bool

  public init(
    orderID: UUID, fill: OrderFill?, mark: Price? = nil, triggered: Bool = false,
    cancelsRest: Bool = false
  ) {
    self.orderID = orderID
    self.fill = fill
    self.mark = mark
    self.triggered = triggered
    self.cancelsRest = cancelsRest
  }
}

/// The shares Raven's orders have taken from one symbol's minute, per side (buyers take
/// what sellers traded and the other way round).
public struct MinuteLiquidity: Sendable, Hashable {
  private var buys = ExactDecimal.zero
  private var sells = ExactDecimal.zero

  public init() {}

  public subscript(side: TradeSide) -> ExactDecimal {
    get { side == .buy ? buys : sells }
    set {
      if side == .buy { buys = newValue } else { sells = newValue }
    }
  }
}

/// Decides which of one symbol's open orders fill in one minute, how much and at what
/// price, from nothing but the minute's bar.
///
/// The promise: no fill the bar could not have given. A fill's price lies within the
/// minute's low and high and is never worse than the order's limit, and the orders of
/// all accounts together take at most `participation` of the volume that traded at
/// their price or better (the best-priced first, then the earliest), so a large order
/// fills in parts over several minutes.
public struct MinuteMatcher: Sendable {
  /// The share of a minute's volume Raven's orders may take, e.g. 0.1 for 10 %.
  public var participation: ExactDecimal

  public static let defaultParticipation = ExactDecimal(units: 10, fractionDigits: 2)

  public init(participation: ExactDecimal = defaultParticipation) {
    self.participation = participation
  }

  /// The outcomes of `minute` for `orders` (one symbol's), for the orders it changed.
  /// `placing` marks the window an order is placed in: every order is in play in it.
  public func match(_ orders: [RestingOrder], in minute: MarketMinute, placing: Bool = false)
    -> [MinuteOutcome]
  {
    var taken = MinuteLiquidity()
    return match(orders, in: minute, placing: placing, taken: &taken)
  }

  /// Like `match(_:in:placing:)`, sharing the minute with fills already `taken` from it
  /// (orders placed during the minute fill before the rest are matched at its end), and
  /// adding this call's fills to it.
  public func match(
    _ orders: [RestingOrder], in minute: MarketMinute, placing: Bool,
    taken: inout MinuteLiquidity
  ) -> [MinuteOutcome] {
    var outcomes: [MinuteOutcome] = []
    var offers: [TradeSide: [(order: RestingOrder, offer: OrderEvaluation.Offer, index: Int)]] =
      [:]
    for order in orders {
      guard let evaluation = OrderEvaluation(order, in: minute, placing: placing) else {
        continue
      }
      if let offer = evaluation.offer {
        offers[order.side, default: []].append((order, offer, outcomes.count))
      }
      guard
        evaluation.offer != nil || evaluation.triggers || evaluation.cancelsRest
          || evaluation.mark != order.mark
      else { continue }
      outcomes.append(
        MinuteOutcome(
          orderID: order.id, fill: nil, mark: evaluation.mark, triggered: evaluation.triggers,
          cancelsRest: evaluation.cancelsRest))
    }
    let volume = cappedVolume(of: minute)
    for (side, sideOffers) in offers {
      // Orders that take the most liquidity (market, then the best limits) come first;
      // each later order sees what the earlier ones left at its price or better.
      let ranked = sideOffers.sorted { left, right in
        if left.offer.liquidity != right.offer.liquidity {
          return left.offer.liquidity > right.offer.liquidity
        }
        if left.order.submittedAt != right.order.submittedAt {
          return left.order.submittedAt < right.order.submittedAt
        }
        return left.order.id.uuidString < right.order.id.uuidString
      }
      for (order, offer, index) in ranked {
        let available = volume * offer.liquidity - taken[side]
        guard let qty = Self.fillQty(order, at: offer.price, available: available) else {
          continue
        }
        taken[side] += qty.exact
        outcomes[index].fill = OrderFill(time: minute.bar.time, qty: qty, price: offer.price)
      }
    }
    return outcomes
  }

  /// The most the orders on `order`'s side may have taken of `minute`, its fill included,
  /// when it fills in the minute: the cap at its price (as `match` applies it). Nil when
  /// it has no price to fill at in the minute.
  public func ceiling(for order: RestingOrder, in minute: MarketMinute, placing: Bool)
    -> ExactDecimal?
  {
    guard let offer = OrderEvaluation(order, in: minute, placing: placing)?.offer else {
      return nil
    }
    return cappedVolume(of: minute) * offer.liquidity
  }

  /// The shares of the minute's volume Raven's orders may take in all.
  private func cappedVolume(of minute: MarketMinute) -> ExactDecimal {
    ExactDecimal(units: minute.bar.volume, fractionDigits: 0) * participation
  }

  /// The shares `order` fills at `price` with `available` shares of liquidity left:
  /// whole shares for a whole-share order, 9 places for a fractional or notional one;
  /// all or nothing for fill-or-kill; `nil` for none.
  static func fillQty(_ order: RestingOrder, at price: Price, available: ExactDecimal)
    -> Quantity?
  {
    let wanted: Quantity
    if let remaining = order.remaining {
      wanted = remaining
    } else if let notional = order.notional,
      let shares = notional.exact.divided(
        by: price.exact, fractionDigits: Quantity.maximumFractionDigits, rounding: .towardZero)
    {
      wanted = Quantity(exact: shares)
    } else {
      return nil
    }
    let digits = order.wholeShares ? 0 : Quantity.maximumFractionDigits
    let capacity = Quantity(
      exact: max(available, .zero).rounded(toFractionDigits: digits, rounding: .towardZero))
    if order.timeInForce == .fok, capacity < wanted { return nil }
    let qty = min(wanted, capacity)
    return qty.isPositive ? qty : nil
  }
}
