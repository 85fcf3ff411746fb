import Foundation
import RavenCore

/// A market whose every minute is decided before it trades: the simulated market. Its
/// quotes have a bid and an ask, and the order engine fills market orders at them; an
/// order placed during a minute may fill anywhere in that minute's whole range, which
/// only such a market knows before the minute ends.
///
/// The engine alone asks this, never a client: it answers regardless of the clock.
public protocol DecidedMarket: Sendable {
  /// The whole bar of the minute starting at `minute`; `nil` outside the symbol's
  /// sessions or for a symbol the market does not list.
  func decidedMinute(for symbol: Symbol, at minute: Date) -> Bar?
}
