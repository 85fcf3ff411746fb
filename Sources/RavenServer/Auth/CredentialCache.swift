import Foundation
import RavenCore
import RavenStore

/// Who a session cookie or API token belongs to, as the store said moments ago: each
/// credential is read from the store at most once per `lifetime`, not on every request.
///
/// A credential this server revokes (sign-out, a deleted token, signing out everywhere, a
/// new password) is forgotten at once, so it fails on its next request here; one revoked
/// by another server sharing the database is read again, and refused, within `lifetime`.
struct CredentialCache: Sendable {
  /// How late another server's revocation may be seen here.
  static let lifetime: TimeInterval = 1

  /// By the credential's hash.
  private let reads: RecentReads<String, AuthenticatedUser>
  /// API keys by their ID, with their secret's hash: the secret sent is checked against it
  /// on every request, the store read at most once per `lifetime` (a bot's every order
  /// was a round trip to the database for its key).
  private let keys: RecentReads<String, APIKeyOwner>

  init(clock: any WallClock, capacity: Int = 10_000) {
    reads = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
    keys = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
  }

  /// The key with this ID as the store gave it less than `lifetime` ago.
  func keyOwner(keyID: String) -> APIKeyOwner? { keys.value(for: keyID) }

  /// Taken before reading a key from the store, for `remember(_:keyID:readSince:)`.
  func markKeys() -> RecentReads<String, APIKeyOwner>.ReadMark { keys.mark() }

  func remember(
    _ owner: APIKeyOwner, keyID: String, readSince mark: RecentReads<String, APIKeyOwner>.ReadMark
  ) {
    keys.remember(owner, for: keyID, readSince: mark)
  }

  /// The identity of the credential hashed `hash`, when the store gave it less than
  /// `lifetime` ago and it has not expired since.
  func identity(hash: String) -> AuthenticatedUser? { reads.value(for: hash) }

  /// Taken before reading a credential from the store, for `remember`.
  func mark() -> RecentReads<String, AuthenticatedUser>.ReadMark { reads.mark() }

  /// What the store said of the credential hashed `hash` in a read begun at `mark` (kept
  /// only if nothing was revoked since); a session's end with it.
  func remember(
    _ identity: AuthenticatedUser, hash: String,
    readSince mark: RecentReads<String, AuthenticatedUser>.ReadMark, expiresAt: Date? = nil
  ) {
    reads.remember(identity, for: hash, readSince: mark, expiresAt: expiresAt)
  }

  /// Forgets one credential (a session signed out).
  func forget(hash: String) { reads.forget(hash) }

  /// Forgets every credential of `userID` (a token deleted, sessions or tokens revoked).
  func forget(userID: UserID) {
    reads.forget { $1.user.id == userID }
    keys.forget { $1.user.id == userID }
  }
}

/// An API key as the store has it: the key, its secret's hash and its user.
struct APIKeyOwner: Sendable {
  let key: APIKey
  let secretHash: String
  let user: User
}
