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

/// Credentials of one user that have just been revoked (`CredentialRevocation`, which
/// servers sharing a database tell each other of).
typealias Revocation = CredentialRevocation

extension CredentialRevocation {
  /// Whose credentials; nil for a session, which its hash alone names.
  var userID: UserID? {
    switch self {
    case .session: nil
    case .apiToken(_, let user), .apiTokens(let user), .apiKey(_, let user),
      .sessions(let user, _), .sessionsAndTokens(let user):
      user
    }
  }

  /// Whether a stream of this user's opened with `credential` must end.
  func covers(_ credential: StreamCredential) -> Bool {
    switch (self, credential) {
    case (.session(let revoked), .session(let held)): revoked == held
    case (.apiToken(let revoked, _), .apiToken(let held)): revoked == held
    case (.apiTokens, .apiToken): true
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
    case .apiToken, .apiTokens: "API token revoked"
    case .apiKey: "API key revoked"
    case .sessions: "password changed"
    case .sessionsAndTokens: "signed out everywhere"
    }
  }
}

/// The streams open with each credential, and their end when it is revoked: `Identities`
/// calls `revoke(_:)` as it deletes a credential (sign-out, a new password, signing out
/// everywhere, deleting a token or an API key), and every stream opened with it ends.
///
/// Revocations made on this server are seen at once, and told to the servers sharing its
/// database (`notices`), whose `ServerNoticeService` revokes them there too.
final class CredentialRevocations: Sendable {
  private let streams = Mutex(Streams())
  /// The other servers on the database; nil with one server.
  private let notices: (any ServerNotices)?

  private struct Streams {
    var nextID = 0
    var byUser: [UserID: [Int: Watcher]] = [:]
  }

  private struct Watcher {
    let credential: StreamCredential
    let revoked: AsyncStream<String>.Continuation
  }

  init(notices: (any ServerNotices)? = nil) { self.notices = notices }

  /// Ends the streams opened with the credentials `revocation` names, here and (unless it
  /// was heard from another server) on the other servers.
  func revoke(_ revocation: Revocation, announcing: Bool = true) {
    if announcing { notices?.announce(.revocation(revocation)) }
    let ended = streams.withLock { streams -> [AsyncStream<String>.Continuation] in
      var ended: [AsyncStream<String>.Continuation] = []
      for user in revocation.userID.map({ [$0] }) ?? Array(streams.byUser.keys) {
        guard let watchers = streams.byUser[user] else { continue }
        let covered = watchers.filter { revocation.covers($0.value.credential) }
        for id in covered.keys { streams.byUser[user]?[id] = nil }
        if streams.byUser[user]?.isEmpty == true { streams.byUser[user] = nil }
        ended += covered.values.map(\.revoked)
      }
      return ended
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
