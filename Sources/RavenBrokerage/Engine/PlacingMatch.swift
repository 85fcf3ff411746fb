import Foundation
import RavenCore
import RavenStore

/// What the engine found for an order as it is placed: the changes the store applies in
/// the placement's transaction, and the share of its minute's volume set aside for them.
public struct PlacingMatch: Sendable {
  /// The order's fill (or trigger, or mark) in the minute it is placed; empty outside a
  /// session or when nothing fills yet.
  public var changes: [OrderChange] = []
  /// The shares of the minute's volume the fill takes, for the store to record with the
  /// order within the minute's cap; nil when nothing fills.
  public var claim: MinuteVolumeClaim?

  init() {}

  init(changes: [OrderChange], claim: MinuteVolumeClaim?) {
    self.changes = changes
    self.claim = claim
  }

  /// The match without its fills, claiming nothing: what else the minute does to the order
  /// stays (an ioc or fok order's end, a trailing stop's mark, a stop's trigger).
  var withoutFills: PlacingMatch {
    let changes = changes.compactMap { change -> OrderChange? in
      guard case .minute(var outcome) = change.update else { return change }
      outcome.fill = nil
      guard outcome.mark != nil || outcome.triggered || outcome.cancelsRest else { return nil }
      var change = change
      change.update = .minute(outcome)
      return change
    }
    return PlacingMatch(changes: changes, claim: nil)
  }
}
