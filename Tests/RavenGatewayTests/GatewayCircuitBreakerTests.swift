import Foundation
import RavenTestSupport
import Testing

@testable import RavenGateway

@Suite("Gateway: circuit breaker")
struct GatewayCircuitBreakerTests {
  let start = GatewayFixture.start
  let policy = CircuitBreakerPolicy(failureThreshold: 3, coolDown: 30)

  /// Records `count` failures at `instant`; returns whether the last one opened the circuit.
  func fail(_ breaker: inout CircuitBreaker, times count: Int, at instant: Date) -> Bool {
    var opened = false
    for _ in 0..<count { opened = breaker.recordFailure(at: instant) }
    return opened
  }

  @Test("It opens after N consecutive failures; a success in between starts the count again")
  func opensAfterThreshold() {
    var breaker = CircuitBreaker(policy: policy)
    let openedEarly = fail(&breaker, times: 2, at: start)
    #expect(!openedEarly)
    breaker.recordSuccess()
    let openedAfterSuccess = fail(&breaker, times: 2, at: start)
    #expect(!openedAfterSuccess)
    #expect(breaker.state == .closed)
    #expect(breaker.consecutiveFailures == 2)
    let opened = fail(&breaker, times: 1, at: start)
    #expect(opened)
    #expect(breaker.state == .open)
    #expect(
      breaker.permission(at: start.addingTimeInterval(29))
        == .rejected(retryAt: start.addingTimeInterval(30)))
  }

  @Test("After the cool-down one trial goes through; its success closes the circuit")
  func trialSuccess() {
    var breaker = CircuitBreaker(policy: CircuitBreakerPolicy(failureThreshold: 1, coolDown: 30))
    _ = fail(&breaker, times: 1, at: start)
    let later = start.addingTimeInterval(30)
    #expect(breaker.state(at: later) == .halfOpen)
    #expect(breaker.permission(at: later) == .allowed(isTrial: true))
    breaker.startCall(isTrial: true)
    #expect(breaker.permission(at: later) == .rejected(retryAt: nil), "one trial at a time")
    let closed = breaker.recordSuccess()
    #expect(closed)
    #expect(breaker.state == .closed)
    #expect(breaker.permission(at: later) == .allowed(isTrial: false))
  }

  @Test("A failed trial opens the circuit for another cool-down")
  func trialFailure() {
    var breaker = CircuitBreaker(policy: policy)
    _ = fail(&breaker, times: 3, at: start)
    let later = start.addingTimeInterval(31)
    breaker.startCall(isTrial: true)
    let reopened = fail(&breaker, times: 1, at: later)
    #expect(reopened)
    #expect(breaker.retryAt == later.addingTimeInterval(30))
    #expect(breaker.permission(at: later.addingTimeInterval(10)) != .allowed(isTrial: true))
  }
}
