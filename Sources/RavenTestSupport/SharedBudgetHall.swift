import Foundation
import RavenGateway
import Synchronization

/// Providers' rate budgets shared by the servers of one test process, as the database
/// shares them between servers (`DatabaseRateBudget`); `failing` makes it unreachable.
public final class SharedBudgetHall: SharedRateBudget {
  private struct State {
    var buckets: [String: [TokenBucket]] = [:]
    var failing = false
  }

  private let state = Mutex(State())

  public init() {}

  public func setFailing(_ failing: Bool) {
    state.withLock { $0.failing = failing }
  }

  public func take(upTo count: Int, of budget: RateBudget, provider: String, at now: Date)
    async throws -> SharedBudgetTake
  {
    try state.withLock { state in
      if state.failing { throw SharedBudgetHallError.unreachable }
      let (take, buckets) = budget.take(
        upTo: count, from: (state.buckets[provider] ?? []).map(Optional.some), at: now)
      state.buckets[provider] = buckets
      return take
    }
  }
}

extension SharedBudgetHall {
  public func drain(_ budget: RateBudget, provider: String, at now: Date) async throws {
    try state.withLock { state in
      if state.failing { throw SharedBudgetHallError.unreachable }
      state.buckets[provider] = budget.drained(
        (state.buckets[provider] ?? []).map(Optional.some), at: now)
    }
  }
}

public enum SharedBudgetHallError: Error {
  case unreachable
}
