import Foundation
import RavenCore

/// Slows down password guessing without letting a guesser lock the real user out
/// (OWASP's authentication guidance):
/// - failures for one account *from one address* lock that pair for the window, so the
///   guesser is stopped while the user, elsewhere, is not;
/// - failures from one address across accounts lock the address (password spraying);
/// - failures for one account from anywhere make each later sign-in to it wait a little
///   longer (1 s, 2 s, 4 s … at most `maximumDelay`): a guesser with many addresses gets
///   few tries a second, and the user with the right password still gets in.
///
/// Kept in memory per server: with several servers behind one database each counts its
/// own attempts, which still bounds guessing to a small multiple of the limit.
actor LoginThrottle {
  struct Policy: Sendable {
    var window: TimeInterval = 15 * 60
    var failuresPerAccountAndAddress = 5
    var failuresPerAddress = 30
    /// Failures for an account, from anywhere, before its sign-ins start to wait.
    var failuresPerAccountBeforeDelay = 5
    var maximumDelay: TimeInterval = 10
    /// Sign-ups per address per window (each costs a bcrypt hash).
    var signupsPerAddress = 20
  }

  private let policy: Policy
  private let clock: any WallClock
  private var attempts: [String: [Date]] = [:]

  init(policy: Policy = Policy(), clock: any WallClock) {
    self.policy = policy
    self.clock = clock
  }

  /// Seconds until `username` may try to sign in again from `address`; nil when allowed.
  func loginRetryAfter(username: String, address: String?) -> Int? {
    let limits =
      [(Self.pairKey(username, address), policy.failuresPerAccountAndAddress)]
      + (address.map { [("addr:" + $0, policy.failuresPerAddress)] } ?? [])
    return limits.compactMap { retryAfter(key: $0, limit: $1) }.max()
  }

  /// How long a sign-in to `username` waits before its password is checked: nothing
  /// until the account has had `failuresPerAccountBeforeDelay` failures in the window,
  /// then doubling from one second with each further failure, up to `maximumDelay`.
  func loginDelay(username: String) -> TimeInterval {
    let excess = recent(Self.accountKey(username)).count - policy.failuresPerAccountBeforeDelay
    guard excess >= 0 else { return 0 }
    return min(pow(2, Double(min(excess, 30))), policy.maximumDelay)
  }

  func recordFailure(username: String, address: String?) {
    record(Self.pairKey(username, address))
    record(Self.accountKey(username))
    if let address { record("addr:" + address) }
  }

  /// The right password: the account's delay and this address's count for it end.
  func recordSuccess(username: String, address: String?) {
    attempts[Self.pairKey(username, address)] = nil
    attempts[Self.accountKey(username)] = nil
  }

  /// Seconds until wrong secrets for API key `keyID` from `address` are heard again: the
  /// (key, address) pair alone counts, since a key has no owner to slow down.
  func keyRetryAfter(keyID: String, address: String?) -> Int? {
    retryAfter(
      key: Self.pairKey("apikey:" + keyID, address), limit: policy.failuresPerAccountAndAddress)
  }

  func recordKeyFailure(keyID: String, address: String?) {
    record(Self.pairKey("apikey:" + keyID, address))
  }

  /// Seconds until `address` may sign up again; records the attempt when allowed.
  func signupRetryAfter(address: String?) -> Int? {
    guard let address else { return nil }
    let key = "signup:" + address
    if let wait = retryAfter(key: key, limit: policy.signupsPerAddress) { return wait }
    record(key)
    return nil
  }

  private static func pairKey(_ username: String, _ address: String?) -> String {
    "pair:" + username.lowercased() + "@" + (address ?? "")
  }

  private static func accountKey(_ username: String) -> String {
    "account:" + username.lowercased()
  }

  private func retryAfter(key: String, limit: Int) -> Int? {
    let recent = recent(key)
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return Int((policy.window - clock.now.timeIntervalSince(oldest)).rounded(.up))
  }

  /// The attempts under `key` within the window, forgetting older ones.
  private func recent(_ key: String) -> [Date] {
    let now = clock.now
    let recent = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < policy.window }
    attempts[key] = recent.isEmpty ? nil : recent
    return recent
  }

  private func record(_ key: String) {
    attempts[key, default: []].append(clock.now)
    if attempts.count > 100_000 { attempts.removeAll() }  // bound memory under a flood
  }
}
