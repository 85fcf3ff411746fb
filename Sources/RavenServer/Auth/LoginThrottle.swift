import Foundation
import RavenCore

/// Slows down password guessing: too many failed sign-ins for one username, or from one
/// address, within a window lock that key until the window has passed.
///
/// Kept in memory per server: with several servers behind one database each counts its
/// own attempts, which still bounds guessing to a small multiple of the limit.
actor LoginThrottle {
  struct Policy: Sendable {
    var window: TimeInterval = 15 * 60
    var failuresPerUsername = 5
    var failuresPerAddress = 30
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

  /// Seconds until `username`/`address` may try to sign in again; `nil` when allowed now.
  func loginRetryAfter(username: String, address: String?) -> Int? {
    let limits =
      [("user:" + username.lowercased(), policy.failuresPerUsername)]
      + (address.map { [("addr:" + $0, policy.failuresPerAddress)] } ?? [])
    return limits.compactMap { retryAfter(key: $0, limit: $1) }.max()
  }

  func recordFailure(username: String, address: String?) {
    record("user:" + username.lowercased())
    if let address { record("addr:" + address) }
  }

  func recordSuccess(username: String) {
    attempts["user:" + username.lowercased()] = nil
  }

  /// Seconds until `address` may sign up again; records the attempt when allowed.
  func signupRetryAfter(address: String?) -> Int? {
    guard let address else { return nil }
    let key = "signup:" + address
    if let wait = retryAfter(key: key, limit: policy.signupsPerAddress) { return wait }
    record(key)
    return nil
  }

  private func retryAfter(key: String, limit: Int) -> Int? {
    let now = clock.now
    let recent = (attempts[key] ?? []).filter { now.timeIntervalSince($0) < policy.window }
    attempts[key] = recent.isEmpty ? nil : recent
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return Int((policy.window - now.timeIntervalSince(oldest)).rounded(.up))
  }

  private func record(_ key: String) {
    attempts[key, default: []].append(clock.now)
    if attempts.count > 100_000 { attempts.removeAll() }  // bound memory under a flood
  }
}
