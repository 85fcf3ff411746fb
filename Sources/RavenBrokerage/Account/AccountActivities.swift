import Foundation
import RavenCore
import RavenStore

/// A page of an account's activities, newest first.
public struct AccountActivitiesPage: Sendable, Hashable {
  public var activities: [AccountActivity]
  /// Pass as `before` for the next (older) page; nil on the last page.
  public var nextCursor: ActivityCursor?

  public init(activities: [AccountActivity], nextCursor: ActivityCursor?) {
    self.activities = activities
    self.nextCursor = nextCursor
  }

  /// The page of `all` (any order) after `before`, at most `limit`: past the cursor's
  /// activity in `newestFirst` order, or, where it is gone, past its time.
  public init(of all: [AccountActivity], limit: Int, before: ActivityCursor?) {
    let ordered = all.newestFirst()
    var start = 0
    if let before {
      start =
        ordered.firstIndex { $0.id == before.id }.map { $0 + 1 }
        ?? ordered.firstIndex(where: before.precedes) ?? ordered.count
    }
    let after = ordered[start...]
    let page = Array(after.prefix(limit))
    self.init(
      activities: page, nextCursor: after.count > limit ? page.last.map(ActivityCursor.init) : nil)
  }
}

extension AccountActivity {
  /// A ledger trade as a fill.
  public init(_ record: TradeRecord) {
    let trade = record.trade
    self.init(
      id: String(record.id.rawValue), kind: .fill, symbol: trade.symbol, time: trade.time,
      side: trade.side, shares: trade.shares, price: trade.price,
      amount: trade.side == .buy ? -trade.amount : trade.amount,
      realizedProfit: trade.realizedProfit.isZero ? nil : trade.realizedProfit, status: "filled")
  }

  /// A booked split or dividend.
  public init(_ booking: CorporateActionBooking) {
    switch booking.kind {
    case .split:
      self.init(
        id: booking.actionID, kind: .split, symbol: booking.symbol, time: booking.bookedAt,
        shares: booking.sharesAfter, sharesBefore: booking.sharesBefore, amount: .zero,
        status: "booked")
    case .dividend:
      self.init(
        id: booking.actionID, kind: .dividend, symbol: booking.symbol, time: booking.bookedAt,
        shares: booking.sharesBefore, amount: booking.amount,
        status: booking.paidAt == nil ? "pending" : "paid", payableDate: booking.payableDate)
    }
  }

  /// A deposit or withdrawal.
  public init(_ transfer: Transfer) {
    self.init(
      id: "transfer-\(transfer.id)", kind: transfer.amount.isNegative ? .withdrawal : .deposit,
      symbol: nil, time: transfer.time, shares: nil, amount: transfer.amount, status: "completed")
  }
}
