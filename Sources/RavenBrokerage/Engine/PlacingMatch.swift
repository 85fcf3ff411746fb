import Foundation
import RavenCore

/// What the engine found for an order as it is placed: the changes the store applies in
/// the placement's transaction, and the share of its minute's volume set aside for them.
public struct PlacingMatch: Sendable {
  /// The order's fill (or trigger, or mark) in the minute it is placed; empty outside a
  /// session or when nothing fills yet.
  public var changes: [OrderChange] = []
  var minute: Date?
  var symbol: Symbol?
  var side: TradeSide?
  /// The shares set aside of the minute's volume for this side.
  var reserved: ExactDecimal = .zero

  init() {}

  init(
    changes: [OrderChange], minute: Date, symbol: Symbol, side: TradeSide,
    reserved: ExactDecimal
  ) {
    self.changes = changes
    self.minute = minute
    self.symbol = symbol
    self.side = side
    self.reserved = reserved
  }
}
