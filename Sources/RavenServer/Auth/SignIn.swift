import RavenCore
import RavenStore

/// How people sign in and what they sign in with: the users, sessions, tokens and keys
/// kept, password hashing, the throttle on guesses, and the credentials this server has
/// read moments ago and revokes.
struct SignIn: Sendable {
  let identities: any IdentityStore
  let passwords: PasswordHasher
  let throttle: LoginThrottle
  /// Who each session and API token belongs to, as read moments ago; what this server
  /// revokes is forgotten here at once.
  let credentials: CredentialCache
  /// Revokes credentials: forgets them in `credentials` and closes the streams opened
  /// with them.
  let revocations: CredentialRevocations
  /// Real time: sessions, tokens and throttles.
  let clock: any WallClock
}
