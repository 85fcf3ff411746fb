import Foundation
import RavenCore
import RavenStore

/// The users, sessions, tokens and keys as the server uses them. Who a credential belongs
/// to is answered from what the store said moments ago (`CredentialCache`), and deleting a
/// credential revokes it in the same call: it is forgotten here and every stream opened
/// with it closes, so no route can delete a credential and leave it working.
struct Identities: IdentityStore {
  let store: any IdentityStore
  /// The streams opened with each credential, closed when it is revoked.
  let revocations: CredentialRevocations
  /// Real time: sessions expire by it.
  let clock: any WallClock
  private let credentials: CredentialCache

  init(store: any IdentityStore, revocations: CredentialRevocations, clock: any WallClock) {
    self.store = store
    self.revocations = revocations
    self.clock = clock
    credentials = CredentialCache(clock: clock)
  }

  // MARK: Who a credential belongs to

  /// The owner of the personal API token hashed `hash`; nil when there is none.
  func identity(tokenHash hash: String) async throws -> AuthenticatedUser? {
    if let known = credentials.identity(hash: hash) { return known }
    let mark = credentials.mark()
    guard let (token, user) = try await store.apiTokenOwner(tokenHash: hash) else { return nil }
    let identity = AuthenticatedUser(user: user, credential: .apiToken(token.id))
    credentials.remember(identity, hash: hash, readSince: mark)
    return identity
  }

  /// Who is signed in with the session hashed `hash`; nil when it is unknown or expired.
  func identity(sessionHash hash: String) async throws -> AuthenticatedUser? {
    if let known = credentials.identity(hash: hash) { return known }
    let mark = credentials.mark()
    guard let session = try await store.session(tokenHash: hash, at: clock.now),
      let user = try await store.user(id: session.userID)
    else { return nil }
    let identity = AuthenticatedUser(
      user: user, credential: .session(tokenHash: hash, csrfToken: session.csrfToken))
    credentials.remember(identity, hash: hash, readSince: mark, expiresAt: session.expiresAt)
    return identity
  }

  // MARK: Revoking

  /// A credential another server revoked: forgotten here, and its streams here end.
  func heard(_ revocation: Revocation) {
    switch revocation {
    case .session(let tokenHash): credentials.forget(hash: tokenHash)
    default: revocation.userID.map { credentials.forget(userID: $0) }
    }
    revocations.revoke(revocation, announcing: false)
  }

  func deleteSession(tokenHash: String) async throws(StoreError) {
    try await store.deleteSession(tokenHash: tokenHash)
    credentials.forget(hash: tokenHash)
    revocations.revoke(.session(tokenHash: tokenHash))
  }

  /// A new password: every session but `keeping` (the one it was changed in) ends.
  func deleteSessions(userID: UserID, keeping tokenHash: String?) async throws(StoreError) {
    try await store.deleteSessions(userID: userID, keeping: tokenHash)
    credentials.forget(userID: userID)
    revocations.revoke(.sessions(of: userID, keeping: tokenHash))
  }

  func deleteAPIToken(id: APITokenID, userID: UserID) async throws(StoreError) {
    try await store.deleteAPIToken(id: id, userID: userID)
    credentials.forget(userID: userID)
    revocations.revoke(.apiToken(id, of: userID))
  }

  func deleteAPITokens(userID: UserID) async throws(StoreError) {
    try await store.deleteAPITokens(userID: userID)
    credentials.forget(userID: userID)
    revocations.revoke(.apiTokens(of: userID))
  }

  /// Signs the user out on every device: every session and every personal API token,
  /// revoked as one (their streams close "signed out everywhere").
  func signOutEverywhere(userID: UserID) async throws(StoreError) {
    try await store.deleteAPITokens(userID: userID)
    try await store.deleteSessions(userID: userID, keeping: nil)
    credentials.forget(userID: userID)
    revocations.revoke(.sessionsAndTokens(of: userID))
  }

  func deleteAPIKey(id: UUID, userID: UserID) async throws(StoreError) {
    try await store.deleteAPIKey(id: id, userID: userID)
    credentials.forget(userID: userID)
    revocations.revoke(.apiKey(id, of: userID))
  }

  /// Keys the store deleted with their account (closing it), revoked as one deleted here.
  func revoke(keys ids: [UUID], of userID: UserID) {
    credentials.forget(userID: userID)
    for id in ids { revocations.revoke(.apiKey(id, of: userID)) }
  }

  // MARK: Read and written as the store has them

  func createUser(username: String, passwordHash: String, startingCash: Money, at time: Date)
    async throws(StoreError) -> User
  {
    try await store.createUser(
      username: username, passwordHash: passwordHash, startingCash: startingCash, at: time)
  }

  func credentials(username: String) async throws(StoreError) -> UserCredentials? {
    try await store.credentials(username: username)
  }

  func user(id: UserID) async throws(StoreError) -> User? { try await store.user(id: id) }

  func setPasswordHash(_ passwordHash: String, userID: UserID) async throws(StoreError) {
    try await store.setPasswordHash(passwordHash, userID: userID)
  }

  func createSession(_ session: BrowserSession) async throws(StoreError) {
    try await store.createSession(session)
  }

  func session(tokenHash: String, at time: Date) async throws(StoreError) -> BrowserSession? {
    try await store.session(tokenHash: tokenHash, at: time)
  }

  func createAPIToken(userID: UserID, name: String, tokenHash: String, at time: Date)
    async throws(StoreError) -> APIToken
  {
    try await store.createAPIToken(userID: userID, name: name, tokenHash: tokenHash, at: time)
  }

  func apiToken(tokenHash: String) async throws(StoreError) -> APIToken? {
    try await store.apiToken(tokenHash: tokenHash)
  }

  func apiTokenOwner(tokenHash: String) async throws(StoreError) -> (APIToken, User)? {
    try await store.apiTokenOwner(tokenHash: tokenHash)
  }

  func apiTokens(userID: UserID) async throws(StoreError) -> [APIToken] {
    try await store.apiTokens(userID: userID)
  }

  func createAPIKey(_ key: APIKey, secretHash: String) async throws(StoreError) {
    try await store.createAPIKey(key, secretHash: secretHash)
  }

  func apiKeys(userID: UserID) async throws(StoreError) -> [APIKey] {
    try await store.apiKeys(userID: userID)
  }

  /// The key with this ID, as the store said moments ago (`CredentialCache`); an ID no
  /// key has is asked of the store every time.
  func apiKeyOwner(keyID: String) async throws(StoreError)
    -> (key: APIKey, secretHash: String, user: User)?
  {
    if let known = credentials.keyOwner(keyID: keyID) {
      return (known.key, known.secretHash, known.user)
    }
    let mark = credentials.markKeys()
    guard let (key, secretHash, user) = try await store.apiKeyOwner(keyID: keyID) else {
      return nil
    }
    credentials.remember(
      APIKeyOwner(key: key, secretHash: secretHash, user: user), keyID: keyID, readSince: mark)
    return (key, secretHash, user)
  }
}
