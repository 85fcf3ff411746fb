import Foundation
import RavenMarketData

/// When to stop calling a failing provider and when to try it again.
public struct CircuitBreakerPolicy: Sendable, Hashable, Codable {
  /// Consecutive failed calls (unavailable, refused, timed out) that open the circuit.
  public var failureThreshold: Int
  /// Seconds the circuit stays open before one trial call is let through.
  public var coolDown: TimeInterval

  public init(failureThreshold: Int = 5, coolDown: TimeInterval = 30) {
    precondition(failureThreshold >= 1, "the circuit opens after at least one failure")
    self.failureThreshold = failureThreshold
    self.coolDown = max(0, coolDown)
  }
}

/// A circuit breaker as a value: time is passed in and the owner serialises access.
struct CircuitBreaker: Sendable, Hashable {
  private enum Phase: Sendable, Hashable {
    case closed(consecutiveFailures: Int)
    case open(until: Date)
    case halfOpen(trialInFlight: Bool)
  }

  let policy: CircuitBreakerPolicy
  private var phase = Phase.closed(consecutiveFailures: 0)

  init(policy: CircuitBreakerPolicy) { self.policy = policy }

  enum Permission: Sendable, Hashable {
    /// Call; `isTrial` when this call decides whether the circuit closes again.
    case allowed(isTrial: Bool)
    /// Do not call before `retryAt` (`nil`: once the trial in flight has answered).
    case rejected(retryAt: Date?)
  }

  /// Whether a call may start at `now`. Read-only: `startCall` commits to it.
  func permission(at now: Date) -> Permission {
    switch phase {
    case .closed: .allowed(isTrial: false)
    case .open(let until): now >= until ? .allowed(isTrial: true) : .rejected(retryAt: until)
    case .halfOpen(let trialInFlight):
      trialInFlight ? .rejected(retryAt: nil) : .allowed(isTrial: true)
    }
  }

  /// Records that a call allowed by `permission(at:)` has started.
  mutating func startCall(isTrial: Bool) {
    if isTrial { phase = .halfOpen(trialInFlight: true) }
  }

  /// The provider answered (with data or a definitive "no"): the circuit closes.
  /// Returns whether that changed the state.
  @discardableResult
  mutating func recordSuccess() -> Bool {
    let wasClosed = state == .closed
    phase = .closed(consecutiveFailures: 0)
    return !wasClosed
  }

  /// The provider failed at `now`. Returns whether the circuit opened because of it.
  @discardableResult
  mutating func recordFailure(at now: Date) -> Bool {
    switch phase {
    case .closed(let failures):
      guard failures + 1 >= policy.failureThreshold else {
        phase = .closed(consecutiveFailures: failures + 1)
        return false
      }
    case .halfOpen: break
    case .open: return false  // a call started before the circuit opened
    }
    phase = .open(until: now.addingTimeInterval(policy.coolDown))
    return true
  }

  var state: CircuitBreakerState {
    switch phase {
    case .closed: .closed
    case .open: .open
    case .halfOpen: .halfOpen
    }
  }

  /// The state as a report at `now` shows it: an open circuit whose cool-down is over
  /// is half-open (the next call is the trial).
  func state(at now: Date) -> CircuitBreakerState {
    if case .open(let until) = phase, now >= until { return .halfOpen }
    return state
  }

  /// Failures since the last success while closed; the threshold once it has opened.
  var consecutiveFailures: Int {
    switch phase {
    case .closed(let failures): failures
    case .open, .halfOpen: policy.failureThreshold
    }
  }

  /// When the next trial call may go through, while open.
  var retryAt: Date? {
    if case .open(let until) = phase { until } else { nil }
  }
}
