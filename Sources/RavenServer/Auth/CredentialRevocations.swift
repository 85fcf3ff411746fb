import Foundation
import RavenCore
import RavenStore
import Synchronization

/// What a WebSocket stream was opened with, and so what revoking ends it.
enum StreamCredential: Hashable, Sendable {
  /// A browser session, by the hash of its cookie.
  case session(tokenHash: String)
  /// A personal API token (`rvn_…`).
  case apiToken(APITokenID)
  /// An API key of the Alpaca-compatible API, by its record's ID.
  case apiKey(UUID)

  /// The credential a request was authenticated with.
  init(_ credential: AuthenticatedUser.Credential) {
    switch credential {
    case .session(let tokenHash, _): self = .session(tokenHash: tokenHash)
    case .apiToken(let id): self = .apiToken(id)
    case .apiKey(let key): self = .apiKey(key.id)
    }
  }
}

/// Credentials of one user that have just been revoked.
enum Revocation: Sendable {
  /// One session signed out.
  case session(tokenHash: String, of: UserID)
  /// A personal API token deleted.
  case apiToken(APITokenID, of: UserID)
  /// An API key deleted.
  case apiKey(UUID, of: UserID)
  /// A new password: every session but the one it was changed in (if any).
  case sessions(of: UserID, keeping: String?)
  /// Signed out everywhere: every session and every personal API token.
  case sessionsAndTokens(of: UserID)

  var userID: UserID {
    switch self {
    case .session(_, let user), .apiToken(_, let user), .apiKey(_, let user),
      .sessions(let user, _), .sessionsAndTokens(let user):
      user
    }
  }

  /// Whether a stream of this user's opened with `credential` must end.
  func covers(_ credential: StreamCredential) -> Bool {
    switch (self, credential) {
    case (.session(let revoked, _), .session(let held)): revoked == held
    case (.apiToken(let revoked, _), .apiToken(let held)): revoked == held
    case (.apiKey(let revoked, _), .apiKey(let held)): revoked == held
    case (.sessions(_, let keeping), .session(let held)): held != keeping
    case (.sessionsAndTokens, .session), (.sessionsAndTokens, .apiToken): true
    default: false
    }
  }

  /// The reason a stream it ends is given in its closing frame (at most 123 bytes).
  var reason: String {
    switch self {
    case .session: "signed out"
    case .apiToken: "API token revoked"
    case .apiKey: "API key revoked"
    case .sessions: "password changed"
    case .sessionsAndTokens: "signed out everywhere"
    }
  }
}

/// Where revocations meet what holds the revoked credentials: the routes that revoke
/// (sign-out, a new password, signing out everywhere, deleting a token or an API key) call
/// `revoke(_:)` once the store has forgotten the credential; it forgets the credential in
/// the cache of who is who, and ends every open stream opened with it (`watch`).
///
/// Revocations made on this server are seen at once. Another server's (several sharing a
/// database) reach its own streams when a source of them calls its `revoke(_:)` too.
final class CredentialRevocations: Sendable {
  private let credentials: CredentialCache
  private let streams = Mutex(Streams())

  private struct Streams {
    var nextID = 0
    var byUser: [UserID: [Int: Watcher]] = [:]
  }

  private struct Watcher {
    let credential: StreamCredential
    let revoked: AsyncStream<String>.Continuation
  }

  init(credentials: CredentialCache) {
    self.credentials = credentials
  }

  /// Forgets the credentials `revocation` names and ends the streams opened with them.
  func revoke(_ revocation: Revocation) {
    switch revocation {
    case .session(let tokenHash, _): credentials.forget(hash: tokenHash)
    case .apiKey: break  // read from the store on every request: nothing cached
    case .apiToken, .sessions, .sessionsAndTokens: credentials.forget(userID: revocation.userID)
    }
    let ended = streams.withLock { streams -> [AsyncStream<String>.Continuation] in
      let user = revocation.userID
      guard let watchers = streams.byUser[user] else { return [] }
      let covered = watchers.filter { revocation.covers($0.value.credential) }
      for id in covered.keys { streams.byUser[user]?[id] = nil }
      if streams.byUser[user]?.isEmpty == true { streams.byUser[user] = nil }
      return covered.values.map(\.revoked)
    }
    for revoked in ended {
      revoked.yield(revocation.reason)
      revoked.finish()
    }
  }

  /// Follows `credential` of `user` for a stream opened with it, until `RevocationWatch.end`.
  /// Watch first, then make sure the credential still holds: a revocation in between is
  /// then caught by one or the other.
  func watch(_ credential: StreamCredential, of user: UserID) -> RevocationWatch {
    let (reasons, revoked) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = streams.withLock { streams in
      streams.nextID += 1
      streams.byUser[user, default: [:]][streams.nextID] = Watcher(
        credential: credential, revoked: revoked)
      return streams.nextID
    }
    return RevocationWatch(id: id, user: user, reasons: reasons, revocations: self)
  }

  /// How many streams are watched (for tests).
  var watchedCount: Int { streams.withLock { $0.byUser.values.reduce(0) { $0 + $1.count } } }

  fileprivate func end(_ id: Int, of user: UserID) {
    let watcher = streams.withLock { streams -> Watcher? in
      let watcher = streams.byUser[user]?.removeValue(forKey: id)
      if streams.byUser[user]?.isEmpty == true { streams.byUser[user] = nil }
      return watcher
    }
    watcher?.revoked.finish()
  }
}

/// One stream's hold on its credential (`CredentialRevocations.watch`).
struct RevocationWatch: Sendable {
  fileprivate let id: Int
  fileprivate let user: UserID
  fileprivate let reasons: AsyncStream<String>
  fileprivate let revocations: CredentialRevocations

  /// Waits for the credential's revocation and answers its reason; nil when the watch
  /// ended first or the task was cancelled.
  func revoked() async -> String? {
    for await reason in reasons { return reason }
    return nil
  }

  /// The stream has closed: its credential is no longer followed.
  func end() { revocations.end(id, of: user) }
}
