/// A weekday on which the exchange is closed, and why.
public struct MarketHoliday: Sendable, Hashable, Codable {
  /// The day the exchange is closed.
  public let date: MarketDate
  /// Why it is closed; never `.weekend` or `.outsideCalendar`.
  public let closure: MarketClosure
  /// Whether the holiday falls on a weekend and is observed on this nearby weekday
  /// instead (Independence Day on Saturday 2026-07-04 is observed Friday 2026-07-03).
  public let isObserved: Bool

  public init(date: MarketDate, closure: MarketClosure, isObserved: Bool = false) {
    self.date = date
    self.closure = closure
    self.isObserved = isObserved
  }

  /// The holiday's name as the exchange's schedule prints it,
  /// e.g. "Independence Day (observed)".
  public var name: String { isObserved ? "\(closure.name) (observed)" : closure.name }
}
