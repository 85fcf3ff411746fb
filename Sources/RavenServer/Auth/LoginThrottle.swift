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
/// A sign-in is let through and counted in one step (`admitLogin`): it counts as a failure
/// from before its password is checked until it is settled, so guesses sent all at once
/// are stopped at the limit like guesses sent one by one.
///
/// The table holds at most `capacity` counts and is never cleared wholesale: past it, what
/// is out of the window goes first, then the API keys' counts, then counts that lock
/// nothing yet, oldest first; locks go last, oldest first, only when nothing else is left.
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
  private let capacity: Int
  /// Each count's times within the window, oldest first.
  private var entries: [Key: [Date]] = [:]

  init(policy: Policy = Policy(), clock: any WallClock, capacity: Int = 100_000) {
    self.policy = policy
    self.clock = clock
    self.capacity = max(capacity, 10)
  }

  /// Lets a sign-in to `username` from `address` through, counting it as a failure until
  /// `settle(_:as:)`, or refuses it while a lock holds; one step, so no two sign-ins
  /// sent at once both pass a check that only one of them should.
  func admitLogin(username: String, address: String?) -> LoginAdmission {
    if let wait = loginRetryAfter(username: username, address: address) {
      return .refused(retryAfter: wait)
    }
    let delay = loginDelay(username: username)
    let time = clock.now
    recordFailure(username: username, address: address, at: time)
    return .admitted(
      LoginAttempt(username: username, address: address, time: time, delay: delay))
  }

  /// Settles a sign-in `admitLogin` let through: a wrong password stays counted; the
  /// right one ends the account's delay and the pair's count (`recordSuccess`) and is no
  /// failure of the address; an unchecked one is taken back.
  func settle(_ attempt: LoginAttempt, as outcome: LoginOutcome) {
    switch outcome {
    case .wrongPassword:
      return
    case .rightPassword:
      recordSuccess(username: attempt.username, address: attempt.address)
      if let address = attempt.address { remove(attempt.time, from: Key(.address, address)) }
    case .unchecked:
      for key in Self.loginKeys(attempt.username, attempt.address) {
        remove(attempt.time, from: key)
      }
    }
  }

  /// Seconds until `username` may try to sign in again from `address`; nil when allowed.
  func loginRetryAfter(username: String, address: String?) -> Int? {
    var limits = [(Key.pair(username, address), policy.failuresPerAccountAndAddress)]
    if let address { limits.append((Key(.address, address), policy.failuresPerAddress)) }
    return limits.compactMap { retryAfter(key: $0, limit: $1) }.max()
  }

  /// How long a sign-in to `username` waits before its password is checked: nothing
  /// until the account has had `failuresPerAccountBeforeDelay` failures in the window,
  /// then doubling from one second with each further failure, up to `maximumDelay`.
  func loginDelay(username: String) -> TimeInterval {
    let excess = recent(Key.account(username)).count - policy.failuresPerAccountBeforeDelay
    guard excess >= 0 else { return 0 }
    return min(pow(2, Double(min(excess, 30))), policy.maximumDelay)
  }

  func recordFailure(username: String, address: String?) {
    recordFailure(username: username, address: address, at: clock.now)
  }

  /// The right password: the account's delay and this address's count for it end.
  func recordSuccess(username: String, address: String?) {
    entries[Key.pair(username, address)] = nil
    entries[Key.account(username)] = nil
  }

  /// Counts a wrong API key from `address`: a wrong secret for the key `keyID`, or, when
  /// no key has the ID sent (`keyID` nil), a made-up ID, counted per address and not per
  /// ID. Answers the seconds to wait, without counting, once that key has had
  /// `keyFailuresPerAddress` wrong secrets from the address or the address as many
  /// made-up IDs; nil when the answer is a plain refusal. A right secret is never counted,
  /// so none of this stops a key's own program.
  func keyFailure(keyID: String?, address: String?) -> Int? {
    // A made-up ID also waits while the address is over its count of them, and a known
    // one too, so the answers tell no one which IDs exist.
    let unknown = Key(.unknownKeys, address ?? "")
    let counted = keyID.map { Key(.keyFromAddress, $0 + "@" + (address ?? "")) } ?? unknown
    let limit = policy.keyFailuresPerAddress
    if let wait = [unknown, counted].compactMap({ retryAfter(key: $0, limit: limit) }).max() {
      return wait
    }
    record(counted, at: clock.now)
    return nil
  }

  /// Seconds until `address` may sign up again; records the attempt when allowed.
  func signupRetryAfter(address: String?) -> Int? {
    guard let address else { return nil }
    let key = Key(.signups, address)
    if let wait = retryAfter(key: key, limit: policy.signupsPerAddress) { return wait }
    record(key, at: clock.now)
    return nil
  }

  /// How many counts the table holds (for tests of its bound).
  var count: Int { entries.count }

  private func recordFailure(username: String, address: String?, at time: Date) {
    for key in Self.loginKeys(username, address) { record(key, at: time) }
  }

  private static func loginKeys(_ username: String, _ address: String?) -> [Key] {
    [Key.pair(username, address), Key.account(username)]
      + (address.map { [Key(.address, $0)] } ?? [])
  }

  private func retryAfter(key: Key, limit: Int) -> Int? {
    let recent = recent(key)
    guard recent.count >= limit else { return nil }
    // The lock ends when the oldest of the last `limit` failures leaves the window.
    let unlocking = recent[recent.count - limit]
    return Int((policy.window - clock.now.timeIntervalSince(unlocking)).rounded(.up))
  }

  /// The attempts under `key` within the window, forgetting older ones.
  private func recent(_ key: Key) -> [Date] {
    let times = recent(entries[key] ?? [])
    entries[key] = times.isEmpty ? nil : times
    return times
  }

  private func recent(_ times: [Date]) -> [Date] {
    let now = clock.now
    return times.filter { now.timeIntervalSince($0) < policy.window }
  }

  private func record(_ key: Key, at time: Date) {
    var times = recent(entries[key] ?? [])
    times.append(time)
    // Only the newest count: no rule looks further back than its limit.
    let kept = kept(key.rule)
    if times.count > kept { times.removeFirst(times.count - kept) }
    entries[key] = times
    if entries.count > capacity { makeRoom() }
  }

  private func remove(_ time: Date, from key: Key) {
    guard var times = entries[key], let index = times.lastIndex(of: time) else { return }
    times.remove(at: index)
    entries[key] = times.isEmpty ? nil : times
  }

  /// Brings the table down to nine tenths of `capacity` (so that this runs once per tenth
  /// of it at most): counts out of the window go, then the API keys' counts, then counts
  /// that lock nothing yet, then locks, oldest first within each.
  private func makeRoom() {
    entries = entries.compactMapValues { times in
      let times = recent(times)
      return times.isEmpty ? nil : times
    }
    let excess = entries.count - capacity / 10 * 9
    guard excess > 0 else { return }
    let order = entries.map { key, times in
      (key: key, rank: evictionRank(key, times), newest: times.last ?? .distantPast)
    }
    .sorted { ($0.rank, $0.newest) < ($1.rank, $1.newest) }
    for doomed in order.prefix(excess) { entries[doomed.key] = nil }
  }

  /// 0 for an API key's count, 1 for a count below its lock, 2 for a lock.
  private func evictionRank(_ key: Key, _ times: [Date]) -> Int {
    switch key.rule {
    case .keyFromAddress, .unknownKeys: 0
    case .pair, .address, .account, .signups: times.count >= locksAt(key.rule) ? 2 : 1
    }
  }

  /// How many failures of a rule's count make it bite: a lock, or the account's delay.
  private func locksAt(_ rule: Key.Rule) -> Int {
    switch rule {
    case .pair: policy.failuresPerAccountAndAddress
    case .address: policy.failuresPerAddress
    case .account: policy.failuresPerAccountBeforeDelay
    case .signups: policy.signupsPerAddress
    case .keyFromAddress, .unknownKeys: policy.keyFailuresPerAddress
    }
  }

  /// How many of a count's newest times matter: its limit, and for an account's delay
  /// enough beyond it to reach `maximumDelay`.
  private func kept(_ rule: Key.Rule) -> Int {
    guard rule == .account else { return max(locksAt(rule), 1) }
    let doublings = Int(log2(max(policy.maximumDelay, 1)).rounded(.up))
    return policy.failuresPerAccountBeforeDelay + doublings
  }

  /// What one count is of.
  private struct Key: Hashable {
    enum Rule: Hashable {
      /// Sign-ins to one account from one address.
      case pair
      /// Sign-ins from one address to any account.
      case address
      /// Sign-ins to one account from anywhere.
      case account
      case signups
      /// Wrong secrets for one API key from one address.
      case keyFromAddress
      /// Key IDs that no key has, from one address.
      case unknownKeys
    }

    let rule: Rule
    let name: String

    init(_ rule: Rule, _ name: String) {
      self.rule = rule
      self.name = name
    }

    static func pair(_ username: String, _ address: String?) -> Key {
      Key(.pair, username.lowercased() + "@" + (address ?? ""))
    }

    static func account(_ username: String) -> Key { Key(.account, username.lowercased()) }
  }
}
