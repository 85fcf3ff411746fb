import Foundation
import RavenCore

/// What one corporate action did to one account, as booked at its ex-date: a split's
/// shares before and after, or a dividend's cash, owed from the ex-date and paid on the
/// payable date.
public struct CorporateActionBooking: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case split
    case dividend
  }

  public var actionID: String
  public var accountID: AccountID
  public var symbol: Symbol
  public var kind: Kind
  /// The position at the ex-date's open, and after the action (the same for a dividend).
  public var sharesBefore: Quantity
  public var sharesAfter: Quantity
  /// A dividend's cash: paid to a long position, owed by a short one (negative); zero for
  /// a split.
  public var amount: Money
  public var exDate: MarketDate
  public var payableDate: MarketDate
  public var bookedAt: Date
  /// When the cash reached the account; nil while a dividend is pending.
  public var paidAt: Date?

  public init(
    actionID: String, accountID: AccountID, symbol: Symbol, kind: Kind, sharesBefore: Quantity,
    sharesAfter: Quantity, amount: Money, exDate: MarketDate, payableDate: MarketDate,
    bookedAt: Date, paidAt: Date?
  ) {
    self.actionID = actionID
    self.accountID = accountID
    self.symbol = symbol
    self.kind = kind
    self.sharesBefore = sharesBefore
    self.sharesAfter = sharesAfter
    self.amount = amount
    self.exDate = exDate
    self.payableDate = payableDate
    self.bookedAt = bookedAt
    self.paidAt = paidAt
  }

  /// The booking of `action` on `position` at its ex-date's open: a split multiplies the
  /// shares (the cost stays), a dividend is owed on the shares held at the close before.
  public static func of(
    _ action: CorporateAction, on position: Position, accountID: AccountID, at time: Date
  ) -> (booking: CorporateActionBooking, position: Position) {
    var after = position
    var amount = Money.zero
    let kind: Kind
    switch action.kind {
    case .split(let ratio):
      after = position.split(ratio)
      kind = .split
    case .cashDividend(let rate, _):
      amount = position.dividend(rate: rate)
      kind = .dividend
    }
    let paid = kind == .split || amount.isZero
    return (
      CorporateActionBooking(
        actionID: action.id, accountID: accountID, symbol: action.symbol, kind: kind,
        sharesBefore: position.shares, sharesAfter: after.shares, amount: amount,
        exDate: action.exDate, payableDate: action.payableDate, bookedAt: time,
        paidAt: paid ? time : nil),
      after
    )
  }
}
