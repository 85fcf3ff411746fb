import Foundation
import Logging
import RavenCore
import RavenMarketData
import Synchronization

/// One provider behind the gateway with its rate budget and circuit breaker. Every call
/// to the provider is admitted here first and reported back here afterwards.
final class Upstream: Sendable {
  let provider: any MarketDataProvider
  let policy: UpstreamPolicy
  private let clock: any WallClock
  private let sleeper: any GatewaySleeper
  private let maxTokenWait: TimeInterval
  let metrics: GatewayMetrics
  private let logger: Logger
  private let state: Mutex<State>
  /// The budget other servers calling the provider pay from too; nil for one server.
  private let sharedBudget: (any SharedRateBudget)?

  private struct State: Sendable {
    var budget: BudgetBuckets
    var breaker: CircuitBreaker
    /// Kinds the policy lists but the provider turned out not to serve (e.g. Finnhub
    /// answering 403 for candles on a free key): never asked for again.
    var refusedKinds: Set<MarketDataKind> = []
  }

  init(
    provider: any MarketDataProvider, policy: UpstreamPolicy, clock: any WallClock,
    sleeper: any GatewaySleeper, maxTokenWait: TimeInterval, metrics: GatewayMetrics,
    logger: Logger, sharedBudget: (any SharedRateBudget)? = nil
  ) {
    self.sharedBudget = policy.budget.isUnlimited ? nil : sharedBudget
    self.provider = provider
    self.policy = policy
    self.clock = clock
    self.sleeper = sleeper
    self.maxTokenWait = maxTokenWait
    self.metrics = metrics
    self.logger = logger
    let budget = BudgetBuckets(policy.budget, fullAt: clock.now)
    self.state = Mutex(
      State(budget: budget, breaker: CircuitBreaker(policy: policy.circuitBreaker)))
    if !budget.isUnlimited { metrics.tokensRemaining(budget.available(at: clock.now)) }
    metrics.circuit(isOpen: false)
  }

  /// Whether the provider is to be asked for `kind`: its policy lists it, and it has not
  /// answered that it cannot serve it.
  func serves(_ kind: MarketDataKind) -> Bool {
    policy.capabilities.contains(kind) && !state.withLock { $0.refusedKinds.contains(kind) }
  }

  /// Remembers that the provider cannot serve `kind`, so the gateway routes it elsewhere.
  func stopServing(_ kind: MarketDataKind) {
    let isNew = state.withLock { $0.refusedKinds.insert(kind).inserted }
    if isNew {
      logger.notice(
        "Provider cannot serve this kind; routing it to the next source",
        metadata: ["provider": "\(policy.id)", "kind": "\(kind)"])
    }
  }

  /// Permission to call the provider.
  enum Admission: Sendable {
    /// Call now, for at most `ticket.tokens` symbols' worth of budget.
    case granted(Ticket)
    /// Do not call: the circuit is open (`unavailable`) or the budget spent (`rateLimited`).
    case refused(MarketDataError)
  }

  /// An admitted call: its kind and how many tokens it took.
  struct Ticket: Sendable {
    let kind: MarketDataKind
    let tokens: Int
  }

  private enum Decision: Sendable {
    case admit(Ticket)
    case refuse(MarketDataError)
    case wait(TimeInterval, deadline: Date)
  }

  /// Asks to call the provider for `kind`, wanting `tokens` tokens (at least one is
  /// needed; fewer than wanted may be granted). With `hasFallback` (a stale value can be
  /// served instead) it never waits; otherwise it waits for the next token when that
  /// comes within `maxTokenWait`.
  func admit(_ kind: MarketDataKind, tokens wanted: Int, hasFallback: Bool) async -> Admission {
    var deadline: Date?
    var waited: TimeInterval = 0
    // What the budget shared with other servers granted, taken once: waiting for this
    // server's own tokens does not pay again.
    var paid: Int?
    while true {
      if paid == nil, let shared = await takeShared(upTo: max(wanted, 1), hasFallback: hasFallback)
      {
        switch shared {
        case .granted(let granted): paid = granted
        case .refused(let error): return refused(error, kind)
        case .wait(let seconds):
          guard waited < maxTokenWait, waited + seconds <= maxTokenWait else {
            return refused(.rateLimited, kind)
          }
          waited += seconds
          do { try await sleeper.sleep(seconds: seconds) } catch {
            return refused(.rateLimited, kind)
          }
          continue
        }
      }
      let decision = state.withLock { state -> Decision in
        decide(&state, kind, wanted: paid ?? wanted, hasFallback: hasFallback, deadline: deadline)
      }
      switch decision {
      case .admit(let ticket):
        return .granted(ticket)
      case .refuse(let error):
        return refused(error, kind)
      case .wait(let seconds, let until):
        deadline = until
        // Counted as well as timed: a clock that does not move (a test's) must not
        // keep a caller waiting for ever.
        guard waited < maxTokenWait else { return .refused(.rateLimited) }
        waited += seconds
        do {
          try await sleeper.sleep(seconds: seconds)
        } catch {
          return .refused(.rateLimited)
        }
      }
    }
  }

  private func refused(_ error: MarketDataError, _ kind: MarketDataKind) -> Admission {
    if error == .rateLimited {
      metrics.call(kind, .rateLimited)
      logger.debug(
        "Rate budget spent", metadata: ["provider": "\(policy.id)", "kind": "\(kind)"])
    }
    return .refused(error)
  }

  /// What the shared budget says to a call.
  private enum SharedAnswer: Sendable {
    case granted(Int)
    case refused(MarketDataError)
    case wait(TimeInterval)
  }

  /// Pays for a call from the budget shared with other servers; nil when there is none,
  /// or when it cannot be reached: this server's own buckets then hold it alone (as
  /// with one server) rather than every market screen failing with the database.
  private func takeShared(upTo count: Int, hasFallback: Bool) async -> SharedAnswer? {
    guard let sharedBudget else { return nil }
    // A call the circuit refuses takes nothing from the others' budget.
    if case .rejected = state.withLock({ $0.breaker.permission(at: clock.now) }) { return nil }
    let take: SharedBudgetTake
    do {
      take = try await sharedBudget.take(
        upTo: count, of: policy.budget, provider: policy.id, at: clock.now)
    } catch {
      logger.warning(
        "The shared rate budget is unreachable; this server's own budget applies",
        metadata: ["provider": "\(policy.id)", "error": "\(error)"])
      return nil
    }
    if take.granted > 0 { return .granted(take.granted) }
    guard !hasFallback, let wait = take.wait else { return .refused(.rateLimited) }
    return .wait(wait)
  }

  private func decide(
    _ state: inout State, _ kind: MarketDataKind, wanted: Int, hasFallback: Bool,
    deadline: Date?
  ) -> Decision {
    let now = clock.now
    let isTrial: Bool
    switch state.breaker.permission(at: now) {
    case .rejected:
      return .refuse(.unavailable("\(provider.attribution.name) is failing; retrying shortly"))
    case .allowed(let trial):
      isTrial = trial
    }
    let granted = state.budget.take(upTo: max(wanted, 1), at: now)
    if granted > 0 {
      state.breaker.startCall(isTrial: isTrial)
      if !state.budget.isUnlimited { metrics.tokensRemaining(state.budget.available(at: now)) }
      return .admit(Ticket(kind: kind, tokens: granted))
    }
    if hasFallback { return .refuse(.rateLimited) }
    let until = deadline ?? now.addingTimeInterval(maxTokenWait)
    guard let wait = state.budget.waitTime(at: now), now.addingTimeInterval(wait) <= until else {
      return .refuse(.rateLimited)
    }
    return .wait(wait, deadline: until)
  }

  /// One more token for a request an admitted call makes beyond what its ticket
  /// covered (another page, another batch), waiting for it up to `maxTokenWait`. The
  /// circuit is not consulted: the call is already under way.
  func takeFollowUpToken() async -> Bool {
    var waited: TimeInterval = 0
    // Paid to the budget shared with other servers once, as in `admit`.
    var paid = false
    while true {
      if !paid {
        switch await takeShared(upTo: 1, hasFallback: false) {
        case .refused: return false
        case .wait(let seconds):
          guard seconds <= maxTokenWait, waited < maxTokenWait else { return false }
          waited += seconds
          do { try await sleeper.sleep(seconds: seconds) } catch { return false }
          continue
        case .granted, nil: paid = true
        }
      }
      let wait = state.withLock { state -> TimeInterval? in
        let now = clock.now
        guard state.budget.take(upTo: 1, at: now) == 0 else {
          if !state.budget.isUnlimited { metrics.tokensRemaining(state.budget.available(at: now)) }
          return nil
        }
        return state.budget.waitTime(at: now) ?? .infinity
      }
      guard let wait else { return true }
      // Counted as well as timed, like `admit`: a clock that does not move must not
      // keep the call waiting for ever.
      guard wait <= maxTokenWait, waited < maxTokenWait else { return false }
      waited += wait
      do {
        try await sleeper.sleep(seconds: wait)
      } catch {
        return false
      }
    }
  }

  /// Reports how an admitted call went: `nil` for an answer (data, or a definitive
  /// error such as an unknown symbol), the error for a failure.
  func finish(_ ticket: Ticket, failure: MarketDataError?) {
    let now = clock.now
    guard let failure, failure.isTransient else {
      metrics.call(ticket.kind, .success)
      let closed = state.withLock { $0.breaker.recordSuccess() }
      if closed {
        metrics.circuit(isOpen: false)
        logger.notice("Provider answers again", metadata: ["provider": "\(policy.id)"])
      }
      return
    }
    if failure == .rateLimited, let sharedBudget {
      // The provider said the key's budget is spent: for every server calling with it.
      let (budget, provider) = (policy.budget, policy.id)
      Task { try? await sharedBudget.drain(budget, provider: provider, at: now) }
    }
    let (opened, tokens) = state.withLock { state -> (Bool, Int?) in
      if failure == .rateLimited { state.budget.drain(at: now) }
      let opened = state.breaker.recordFailure(at: now)
      return (opened, state.budget.isUnlimited ? nil : state.budget.available(at: now))
    }
    metrics.call(ticket.kind, failure == .rateLimited ? .rateLimited : .failure)
    if let tokens { metrics.tokensRemaining(tokens) }
    logger.debug(
      "Provider call failed",
      metadata: ["provider": "\(policy.id)", "kind": "\(ticket.kind)", "error": "\(failure)"])
    if opened {
      metrics.circuit(isOpen: true)
      logger.warning(
        "Provider failing; serving cached data during the cool-down",
        metadata: [
          "provider": "\(policy.id)", "error": "\(failure)",
          "coolDownSeconds": "\(policy.circuitBreaker.coolDown)",
        ])
    }
  }

  /// The budget and circuit as they stand.
  func status() -> MarketProviderStatus {
    let now = clock.now
    return state.withLock { state in
      MarketProviderStatus(
        id: policy.id, attribution: provider.attribution,
        capabilities: MarketDataKind.allCases.filter {
          policy.capabilities.contains($0) && !state.refusedKinds.contains($0)
        },
        budget: zip(policy.budget.limits, state.budget.buckets).map { limit, bucket in
          MarketProviderStatus.Budget(
            capacity: limit.capacity, refillPerSecond: limit.refillPerSecond,
            remaining: bucket.available(at: now), windowCalls: limit.window?.calls,
            windowSeconds: limit.window?.seconds)
        },
        circuit: MarketProviderStatus.Circuit(
          state: state.breaker.state(at: now),
          consecutiveFailures: state.breaker.consecutiveFailures,
          retryAt: state.breaker.retryAt.flatMap { $0 > now ? $0 : nil }))
    }
  }
}
