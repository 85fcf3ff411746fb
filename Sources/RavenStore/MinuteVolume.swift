import Foundation
import RavenCore

/// The shares of one symbol's minute that an order placed during the minute fills from it,
/// as the engine matched them. The store records the claim with the order and refuses it
/// (`StoreError.minuteVolumeTaken`) when the side's total taken from the minute would pass
/// `ceiling`, so orders placed through any number of servers share one participation cap.
public struct MinuteVolumeClaim: Sendable, Hashable {
  public var symbol: Symbol
  /// The minute's start.
  public var minute: Date
  public var side: TradeSide
  public var shares: ExactDecimal
  /// The most the side may have taken from the minute, these shares included: what the
  /// engine's match allowed the order (the cap at its price, of the volume left to trade).
  public var ceiling: ExactDecimal

  public init(
    symbol: Symbol, minute: Date, side: TradeSide, shares: ExactDecimal, ceiling: ExactDecimal
  ) {
    self.symbol = symbol
    self.minute = minute
    self.side = side
    self.shares = shares
    self.ceiling = ceiling
  }
}

extension MinuteVolumeClaim {
  /// The claim for what was traded, at most: the ledger may fill less than was matched
  /// (what the cash allows); nil when nothing was.
  public func limited(to traded: ExactDecimal) -> MinuteVolumeClaim? {
    guard traded > .zero else { return nil }
    var claim = self
    claim.shares = min(shares, traded)
    return claim
  }
}

/// What orders placed during one minute took of a symbol's volume on one side, through
/// every server: the engine's end-of-minute match shares the rest.
public struct MinuteVolumeTaken: Sendable, Hashable {
  public var symbol: Symbol
  public var minute: Date
  public var side: TradeSide
  public var shares: ExactDecimal

  public init(symbol: Symbol, minute: Date, side: TradeSide, shares: ExactDecimal) {
    self.symbol = symbol
    self.minute = minute
    self.side = side
    self.shares = shares
  }
}

extension Array where Element == TradeStep {
  /// The shares these steps traded.
  public var tradedShares: ExactDecimal {
    reduce(.zero) { $0 + $1.trade.shares.exact }
  }
}
