import Foundation
import RavenCore

/// Which orders a list by submission time covers, and where its page starts.
public struct OrderTimeWindow: Sendable, Hashable {
  /// Only orders submitted after this instant (exclusive).
  public var after: Date?
  /// Only orders submitted before this instant (exclusive).
  public var until: Date?
  /// Oldest first; newest first when false.
  public var ascending: Bool
  /// The last order of the previous page: this page starts past it in the list's order.
  public var cursor: OrderTimeCursor?

  public init(
    after: Date? = nil, until: Date? = nil, ascending: Bool = false, cursor: OrderTimeCursor? = nil
  ) {
    self.after = after
    self.until = until
    self.ascending = ascending
    self.cursor = cursor
  }
}

/// An order's place in a list by submission time: its time, then the order it was stored
/// in (an order and the one replacing it share a time; the replacement is stored later).
public struct OrderTimeCursor: Sendable, Hashable {
  public var submittedAt: Date
  public var sequence: Int64

  public init(submittedAt: Date, sequence: Int64) {
    self.submittedAt = submittedAt
    self.sequence = sequence
  }

  /// The place of `stored` in the list.
  public init(_ stored: StoredOrder) {
    self.init(submittedAt: stored.order.submittedAt, sequence: stored.sequence)
  }
}
