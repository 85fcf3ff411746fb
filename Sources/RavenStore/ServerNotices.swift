import Foundation
import RavenCore

/// What one server tells the other servers sharing its database, and hears from them
/// (PostgreSQL's `LISTEN`/`NOTIFY`): an order's change reaches the streams of every
/// server, whichever committed it. With one server (SQLite) there is nobody to tell.
public protocol ServerNotices: Sendable {
  /// Tells every other server `notice` (after the change it tells of was committed),
  /// without waiting: notices are sent in the order announced. Best effort: one that
  /// cannot be sent is logged and dropped; the others catch up from the store when they
  /// find they missed some.
  func announce(_ notice: ServerNotice)

  /// Sends what is announced and hands `receive` every notice other servers announce, in
  /// the order they were sent, until the task is cancelled; `.listening` each time the
  /// listening (re)starts, with the instant it last stopped (`nil` the first time), since
  /// notices sent meanwhile are lost.
  func exchange(_ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void) async
}

/// A change another server made that this one must pass on.
public enum ServerNotice: Sendable, Hashable, Codable {
  /// An order of `account` (owned by `user`) as it stands after a change: placed, filled,
  /// replaced, canceled, expired.
  case order(Order, account: AccountID, user: UserID)
}

/// What listening hands on.
public enum ServerNoticeDelivery: Sendable, Hashable {
  case notice(ServerNotice)
  /// Listening (again); `missedSince` is when it last stopped, if it ever did.
  case listening(missedSince: Date?)
}
