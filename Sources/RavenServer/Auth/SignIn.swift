import RavenCore
import RavenStore

/// How people sign in and what they sign in with: the users, sessions, tokens and keys
/// (read moments ago, and revoked as they are deleted), password hashing and the
/// throttle on guesses.
struct SignIn: Sendable {
  let identities: Identities
  let passwords: PasswordHasher
  let throttle: LoginThrottle

  /// The streams open with each credential, closed as it is revoked.
  var revocations: CredentialRevocations { identities.revocations }
  /// Real time: sessions, tokens and throttles.
  var clock: any WallClock { identities.clock }
}
