import Foundation
import RavenMarketData
import Synchronization

/// Pays for the HTTP requests one admitted gateway call makes beyond those its ticket
/// covered: the later pages of a long bar history, the later batches of a large
/// snapshot. Without it a provider that follows pages would spend several requests of
/// its upstream's rate limit for one token of the gateway's budget.
///
/// The gateway sets the meter for the duration of the provider call (a task-local, so
/// the provider's child tasks see it too); `MeteredTransport`, the transport a live
/// provider is given, calls `beforeRequest()` before each request it sends. Providers
/// know nothing of it. Outside a gateway call there is nothing to keep.
final class UpstreamRequestMeter: Sendable {
  @TaskLocal static var current: UpstreamRequestMeter?

  private let covered: Int
  private let takeToken: @Sendable () async -> Bool
  private let counts = Mutex<(made: Int, refused: Bool)>((0, false))

  /// - Parameters:
  ///   - covered: the requests the call's ticket paid for.
  ///   - takeToken: one more request's worth of the budget; false when none came in time.
  init(covered: Int, takeToken: @escaping @Sendable () async -> Bool) {
    self.covered = max(covered, 1)
    self.takeToken = takeToken
  }

  /// Whether a request was refused for want of budget: the call was cut short by the
  /// gateway's own limit, not by a failing provider.
  var refusedARequest: Bool { counts.withLock { $0.refused } }

  /// Admits the next request of the current call; false when it is beyond what was
  /// covered and the budget has no token for it in time.
  static func beforeRequest() async -> Bool {
    guard let meter = current else { return true }
    let number = meter.counts.withLock { counts in
      counts.made += 1
      return counts.made
    }
    guard number > meter.covered else { return true }
    guard await meter.takeToken() else {
      meter.counts.withLock { $0.refused = true }
      return false
    }
    return true
  }
}
