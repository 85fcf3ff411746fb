import Foundation

/// Which of the servers sharing a database runs the order engine's passes: one at a time,
/// so that each minute is matched by one engine (the store's version checks keep two from
/// doing harm, but each would repeat the other's work). Placing an order still fills it at
/// once on the server it was placed through.
public protocol EngineLease: Sendable {
  /// Whether this server holds the lease now, and so runs the passes.
  var isHeld: Bool { get }

  /// Takes the lease when no other server holds it, and keeps it while this server lives,
  /// until the task is cancelled (then lets it go).
  func hold() async
}

/// The lease of a server alone on its database (SQLite): always its own.
public struct SoleServerLease: EngineLease {
  public init() {}

  public var isHeld: Bool { true }

  /// Nothing to take or let go: waits for the end, as a holder does.
  public func hold() async {
    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3_600)) }
  }
}
