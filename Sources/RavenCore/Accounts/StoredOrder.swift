import Foundation

/// An order as stored: the order, its owner, the price its open rest holds cash at, and
/// a version that every change bumps (so a change computed from an older version, by a
/// retry, a restart or a second server, is never applied on top of a newer one).
public struct StoredOrder: Sendable, Hashable {
  public var accountID: AccountID
  /// The account's owner, whose streams hear of the order.
  public var userID: UserID
  public var order: Order
  /// The price per share an open buy holds cash at (`OrderHold.price`).
  public var holdPrice: Price
  public var version: Int64
  /// Grows with each order placed: the cursor of a page of orders.
  public var sequence: Int64

  public init(
    accountID: AccountID, userID: UserID, order: Order, holdPrice: Price, version: Int64,
    sequence: Int64
  ) {
    self.accountID = accountID
    self.userID = userID
    self.order = order
    self.holdPrice = holdPrice
    self.version = version
    self.sequence = sequence
  }

  /// The cash this order holds while open (zero for a sale or an order that ended).
  public var heldCash: Money { order.status.isOpen ? hold.cash : .zero }

  /// The shares this order holds while open (zero for a buy or an order that ended).
  public var heldShares: Quantity { order.status.isOpen ? hold.shares : .zero }
}

/// Which orders a list shows.
public enum OrderListStatus: String, Sendable, Hashable, CaseIterable {
  case open
  case closed
  case all

  /// Whether the orders it shows are open; nil when it shows both.
  public var isOpen: Bool? {
    switch self {
    case .open: true
    case .closed: false
    case .all: nil
    }
  }
}

/// A change to one stored order.
public enum OrderUpdate: Sendable, Hashable {
  /// What the engine found in one minute: a fill (applied to the account in the same
  /// transaction), a trigger, a new mark, or the rest canceled.
  case minute(MinuteOutcome)
  /// Ends the order: canceled by its owner or expired by its time in force.
  case end(OrderStatus, reason: String?)
  /// Ends the order as replaced by the order `by` (placed in the same transaction).
  case replaced(by: UUID)
  /// A held exit becomes active for `qty` shares: its entry filled that many.
  case activate(qty: Quantity)
  /// A split or dividend of the order's symbol went ex: the order is re-priced (and
  /// re-sized) as FINRA Rule 5330 says, or ended by a reverse split (`Order.adjustment`).
  case corporateAction(CorporateAction)
}

/// One change to one order, as the engine or the order's owner asks it.
public struct OrderChange: Sendable, Hashable {
  public var orderID: UUID
  public var accountID: AccountID
  /// The version the change was worked out from; the change is skipped when the order
  /// has moved on since (it was applied already). `nil` applies to the order as stored
  /// (an owner canceling), and refuses an order that has ended.
  public var version: Int64?
  public var update: OrderUpdate
  public var time: Date

  public init(
    orderID: UUID, accountID: AccountID, version: Int64?, update: OrderUpdate, time: Date
  ) {
    self.orderID = orderID
    self.accountID = accountID
    self.version = version
    self.update = update
    self.time = time
  }
}
