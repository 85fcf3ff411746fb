import Logging
import RavenBrokerage
import RavenCore
import RavenStore
import ServiceLifecycle

/// Runs the order engine inside `raven serve`: a pass over the minutes not yet matched
/// every `interval` (a minute's bars are complete a moment after it ends), so resting
/// orders fill as the market moves and minutes the server was down are matched on start.
/// A failed pass (the database away) is logged and tried again on the next. Of servers
/// sharing a database, only the one holding the `lease` runs passes.
struct OrderEngineService: Service, CustomStringConvertible {
  let engine: OrderEngine
  /// Whether this server runs the passes (always, alone on its database).
  var lease: any EngineLease = SoleServerLease()
  let interval: Duration
  /// Opens once the database is migrated; the first pass waits for it.
  let migrated: StartupGate
  /// Pushes each change to its owner and forgets what was kept of their account, so they
  /// see the fills at once.
  let changes: AccountChanges
  let logger: Logger

  var description: String { "OrderEngineService" }

  func run() async throws {
    await cancelWhenGracefulShutdown {
      await migrated.wait()
      while !Task.isCancelled {
        do {
          guard lease.isHeld else {
            try await Task.sleep(for: interval)
            continue
          }
          let changed = try await engine.matchDueMinutes()
          if !changed.isEmpty {
            logger.debug("Orders matched", metadata: ["changed": "\(changed.count)"])
          }
          await changes.matched(changed)
        } catch is CancellationError {
          break
        } catch {
          // A pass cut short by shutdown surfaces as the store's error: no failure to report.
          if Task.isCancelled { break }
          // Minutes matched before the failure are committed, their owners unknown here.
          changes.lostTrack()
          logger.warning("Order matching failed; retrying", metadata: ["error": "\(error)"])
        }
        do {
          try await Task.sleep(for: interval)
        } catch {
          break
        }
      }
    }
  }
}

/// Holds the engine's lease while the server runs (`EngineLease.hold()`), letting go on
/// shutdown.
struct EngineLeaseService: Service, CustomStringConvertible {
  let lease: any EngineLease

  var description: String { "EngineLeaseService" }

  func run() async throws {
    await cancelWhenGracefulShutdown { await lease.hold() }
  }
}
