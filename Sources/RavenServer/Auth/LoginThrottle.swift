import Foundation
import RavenCore
import RavenStore

/// Slows down password guessing without letting a guesser lock the real user out
/// (OWASP's authentication guidance):
/// - failures for one account *from one address* lock that pair for the window, so the
///   guesser is stopped while the user, elsewhere, is not;
/// - failures from one address across accounts lock the address (password spraying);
/// - failures for one account from anywhere make each later sign-in to it wait a little
///   longer (1 s, 2 s, 4 s … at most `maximumDelay`): a guesser with many addresses gets
///   few tries a second, and the user with the right password still gets in.
///
/// A sign-in is let through and counted in one step (`admitLogin`): it counts as a failure
/// from before its password is checked until it is settled, so guesses sent all at once
/// are stopped at the limit like guesses sent one by one.
///
/// The counts are kept in an `AttemptLedger`: one server's memory, or the database that
/// several servers share, so that they hold the same limits as one.
struct LoginThrottle: Sendable {
  struct Policy: Sendable {
    var window: TimeInterval = 15 * 60
    var failuresPerAccountAndAddress = 5
    var failuresPerAddress = 30
    /// Failures for an account, from anywhere, before its sign-ins start to wait.
    var failuresPerAccountBeforeDelay = 5
    var maximumDelay: TimeInterval = 10
    /// Sign-ups per address per window (each costs a bcrypt hash).
    var signupsPerAddress = 20
    /// Wrong secrets per API key and address, and key IDs no key has per address.
    var keyFailuresPerAddress = 5
  }

  /// A sign-in let through to its password check, counted as a failure until settled.
  struct LoginAttempt: Sendable {
    fileprivate let username: String
    fileprivate let address: String?
    fileprivate let time: Date
    /// How long the sign-in waits before its password is checked.
    let delay: TimeInterval
  }

  enum LoginAdmission: Sendable {
    case admitted(LoginAttempt)
    /// Locked out: seconds until the lock ends.
    case refused(retryAfter: Int)
  }

  /// What a sign-in let through turned out to be.
  enum LoginOutcome: Sendable {
    case wrongPassword
    case rightPassword
    /// Its password was not checked (the store failed): it counts for nothing.
    case unchecked
  }

  private let policy: Policy
  private let clock: any WallClock
  private let ledger: any AttemptLedger

  init(
    policy: Policy = Policy(), clock: any WallClock,
    ledger: any AttemptLedger = LocalAttemptLedger()
  ) {
    self.policy = policy
    self.clock = clock
    self.ledger = ledger
  }

  /// Lets a sign-in to `username` from `address` through, counting it as a failure until
  /// `settle(_:as:)`, or refuses it while a lock holds; one step, so no two sign-ins
  /// sent at once (to any server) both pass a check that only one of them should.
  func admitLogin(username: String, address: String?) async throws(StoreError)
    -> LoginAdmission
  {
    let keys = loginKeys(username, address)
    let limits = loginLimits(username, address)
    let (policy, account) = (self.policy, self.key(.account, username))
    return try await attempt(keys) { times, now in
      if let wait = Self.retryAfter(limits, in: times, policy: policy, now: now) {
        return AttemptDecision(record: [], answer: .refused(retryAfter: wait))
      }
      let delay = Self.delay(times[account] ?? [], policy: policy)
      return AttemptDecision(
        record: keys,
        answer: .admitted(
          LoginAttempt(username: username, address: address, time: now, delay: delay)))
    }
  }

  /// Settles a sign-in `admitLogin` let through: a wrong password stays counted; the
  /// right one ends the account's delay and the pair's count and is no failure of the
  /// address; an unchecked one is taken back. A ledger that fails leaves it counted.
  func settle(_ attempt: LoginAttempt, as outcome: LoginOutcome) async {
    switch outcome {
    case .wrongPassword:
      return
    case .rightPassword:
      try? await recordSuccess(username: attempt.username, address: attempt.address)
      if let address = attempt.address {
        try? await ledger.forget(attempt.time, from: [key(.address, address)])
      }
    case .unchecked:
      try? await ledger.forget(
        attempt.time, from: loginKeys(attempt.username, attempt.address))
    }
  }

  /// Seconds until `username` may try to sign in again from `address`; nil when allowed.
  func loginRetryAfter(username: String, address: String?) async throws(StoreError) -> Int? {
    let limits = loginLimits(username, address)
    let policy = self.policy
    return try await attempt(limits.map(\.key)) { times, now in
      AttemptDecision(
        record: [], answer: Self.retryAfter(limits, in: times, policy: policy, now: now))
    }
  }

  /// How long a sign-in to `username` waits before its password is checked: nothing
  /// until the account has had `failuresPerAccountBeforeDelay` failures in the window,
  /// then doubling from one second with each further failure, up to `maximumDelay`.
  func loginDelay(username: String) async throws(StoreError) -> TimeInterval {
    let (policy, account) = (self.policy, key(.account, username))
    return try await attempt([account]) { times, _ in
      AttemptDecision(record: [], answer: Self.delay(times[account] ?? [], policy: policy))
    }
  }

  func recordFailure(username: String, address: String?) async throws(StoreError) {
    let keys = loginKeys(username, address)
    try await attempt(keys) { _, _ in AttemptDecision(record: keys, answer: ()) }
  }

  /// The right password: the account's delay and this address's count for it end.
  func recordSuccess(username: String, address: String?) async throws(StoreError) {
    try await ledger.clear([key(.pair, username, address), key(.account, username)])
  }

  /// Counts a wrong API key from `address`: a wrong secret for the key `keyID`, or, when
  /// no key has the ID sent (`keyID` nil), a made-up ID, counted per address and not per
  /// ID. Answers the seconds to wait, without counting, once that key has had
  /// `keyFailuresPerAddress` wrong secrets from the address or the address as many
  /// made-up IDs; nil when the answer is a plain refusal. A right secret is never counted,
  /// so none of this stops a key's own program.
  func keyFailure(keyID: String?, address: String?) async throws(StoreError) -> Int? {
    // A made-up ID also waits while the address is over its count of them, and a known
    // one too, so the answers tell no one which IDs exist.
    let unknown = key(.unknownKeys, address ?? "")
    let counted = keyID.map { key(.keyFromAddress, $0 + "@" + (address ?? "")) } ?? unknown
    let limit = policy.keyFailuresPerAddress
    let limits = [(key: unknown, limit: limit), (key: counted, limit: limit)]
    let policy = self.policy
    return try await attempt([unknown, counted]) { times, now in
      if let wait = Self.retryAfter(limits, in: times, policy: policy, now: now) {
        return AttemptDecision(record: [], answer: wait)
      }
      return AttemptDecision(record: [counted], answer: nil)
    }
  }

  /// Seconds until `address` may sign up again; records the attempt when allowed.
  func signupRetryAfter(address: String?) async throws(StoreError) -> Int? {
    guard let address else { return nil }
    let signups = key(.signups, address)
    let limits = [(key: signups, limit: policy.signupsPerAddress)]
    let policy = self.policy
    return try await attempt([signups]) { times, now in
      if let wait = Self.retryAfter(limits, in: times, policy: policy, now: now) {
        return AttemptDecision(record: [], answer: wait)
      }
      return AttemptDecision(record: [signups], answer: nil)
    }
  }

  /// Reads `keys`' attempts within the window and records as `decide` says, at the
  /// clock's now, in one step of the ledger.
  private func attempt<Answer: Sendable>(
    _ keys: [AttemptKey],
    _ decide: @escaping @Sendable ([AttemptKey: [Date]], Date) -> AttemptDecision<Answer>
  ) async throws(StoreError) -> Answer {
    let now = clock.now
    return try await ledger.attempt(keys, since: now.addingTimeInterval(-policy.window), at: now) {
      times in decide(times, now)
    }
  }

  private func loginKeys(_ username: String, _ address: String?) -> [AttemptKey] {
    [key(.pair, username, address), key(.account, username)]
      + (address.map { [key(.address, $0)] } ?? [])
  }

  private func loginLimits(_ username: String, _ address: String?)
    -> [(key: AttemptKey, limit: Int)]
  {
    var limits = [(key: key(.pair, username, address), limit: policy.failuresPerAccountAndAddress)]
    if let address {
      limits.append((key: key(.address, address), limit: policy.failuresPerAddress))
    }
    return limits
  }

  /// Seconds until the longest of the locks `limits` make of `times` ends; nil for none.
  private static func retryAfter(
    _ limits: [(key: AttemptKey, limit: Int)], in times: [AttemptKey: [Date]], policy: Policy,
    now: Date
  ) -> Int? {
    limits.compactMap { key, limit -> Int? in
      let recent = times[key] ?? []
      guard recent.count >= limit else { return nil }
      // The lock ends when the oldest of the last `limit` failures leaves the window.
      let unlocking = recent[recent.count - limit]
      return Int((policy.window - now.timeIntervalSince(unlocking)).rounded(.up))
    }.max()
  }

  private static func delay(_ failures: [Date], policy: Policy) -> TimeInterval {
    let excess = failures.count - policy.failuresPerAccountBeforeDelay
    guard excess >= 0 else { return 0 }
    return min(pow(2, Double(min(excess, 30))), policy.maximumDelay)
  }

  /// What the throttle counts.
  private enum Rule: String {
    /// Sign-ins to one account from one address.
    case pair
    /// Sign-ins from one address to any account.
    case address
    /// Sign-ins to one account from anywhere.
    case account
    case signups
    /// Wrong secrets for one API key from one address.
    case keyFromAddress = "key"
    /// Key IDs that no key has, from one address.
    case unknownKeys = "unknown-keys"
  }

  private func key(_ rule: Rule, _ username: String, _ address: String?) -> AttemptKey {
    key(rule, username.lowercased() + "@" + (address ?? ""))
  }

  /// The count of `rule` for `name`, with how far back its rule reads and when it bites.
  private func key(_ rule: Rule, _ name: String) -> AttemptKey {
    let name = rule == .account ? name.lowercased() : name
    switch rule {
    case .pair:
      return AttemptKey(
        "pair:" + name, kept: policy.failuresPerAccountAndAddress,
        bitesAt: policy.failuresPerAccountAndAddress)
    case .address:
      return AttemptKey(
        "address:" + name, kept: policy.failuresPerAddress, bitesAt: policy.failuresPerAddress)
    case .account:
      // Enough beyond the delay's start to reach `maximumDelay`.
      let doublings = Int(log2(max(policy.maximumDelay, 1)).rounded(.up))
      return AttemptKey(
        "account:" + name, kept: policy.failuresPerAccountBeforeDelay + doublings,
        bitesAt: policy.failuresPerAccountBeforeDelay)
    case .signups:
      return AttemptKey(
        "signups:" + name, kept: policy.signupsPerAddress, bitesAt: policy.signupsPerAddress)
    case .keyFromAddress, .unknownKeys:
      return AttemptKey(
        rule.rawValue + ":" + name, kept: policy.keyFailuresPerAddress,
        bitesAt: policy.keyFailuresPerAddress, expendable: true)
    }
  }
}
