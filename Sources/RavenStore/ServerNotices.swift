import Foundation
import RavenCore

/// What one server tells the other servers sharing its database, and hears from them
/// (PostgreSQL's `LISTEN`/`NOTIFY`): an order's change reaches the streams of every
/// server, whichever committed it, and a revoked credential ends its streams on every
/// server. With one server (SQLite) there is nobody to tell.
public protocol ServerNotices: Sendable {
  /// Tells every other server `notice` (after the change it tells of was committed),
  /// without waiting: notices are sent in the order announced. Best effort: one that
  /// cannot be sent is logged and dropped; the others catch up from the store when they
  /// find they missed some.
  func announce(_ notice: ServerNotice)

  /// Sends what is announced and hands `receive` every notice other servers announce, in
  /// the order they were sent, until the task is cancelled; `.listening` each time the
  /// listening (re)starts, with the instant it last stopped on the clock orders are stamped
  /// by (`nil` the first time), since notices sent meanwhile are lost.
  func exchange(_ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void) async
}

/// A change another server made that this one must pass on.
public enum ServerNotice: Sendable, Hashable, Codable {
  /// An order of `account` (owned by `user`) as it stands after a change: placed, filled,
  /// replaced, canceled, expired.
  case order(Order, account: AccountID, user: UserID)
  /// The same, for an order too large to send whole (many fills): read from the store.
  case orderChanged(id: UUID, account: AccountID, user: UserID)
  /// Credentials deleted: the streams opened with them end, and no server answers them
  /// from what it kept.
  case revocation(CredentialRevocation)
}

/// Credentials of one user that have just been revoked.
public enum CredentialRevocation: Sendable, Hashable, Codable {
  /// One session signed out (whoever it was: its hash names it).
  case session(tokenHash: String)
  /// A personal API token deleted.
  case apiToken(APITokenID, of: UserID)
  /// Every personal API token of the user deleted.
  case apiTokens(of: UserID)
  /// An API key deleted.
  case apiKey(UUID, of: UserID)
  /// A new password: every session but the one it was changed in (if any).
  case sessions(of: UserID, keeping: String?)
  /// Signed out everywhere: every session and every personal API token.
  case sessionsAndTokens(of: UserID)
}

/// What listening hands on.
public enum ServerNoticeDelivery: Sendable, Hashable {
  case notice(ServerNotice)
  /// Listening (again); `missedSince` is when it last stopped, if it ever did.
  case listening(missedSince: Date?)
}
