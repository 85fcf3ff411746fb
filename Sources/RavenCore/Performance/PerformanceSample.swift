import Foundation

/// An account's value at one instant of a range, and the money that came in or went out
/// then: the input of every performance figure.
///
/// `value` is the account's value just after `flow` (cash plus positions at the market, a
/// dividend owed but not yet paid included). `flow` is the external flow at `time`:
/// positive for a deposit (or the starting cash), negative for a withdrawal, zero at a
/// plain valuation (a session's close). A dividend is not a flow: it is the account's own
/// return.
public struct PerformanceSample: Sendable, Hashable {
  public var time: Date
  /// The session the instant belongs to, whose daily return it counts in.
  public var session: MarketDate
  public var value: Money
  public var flow: Money

  public init(time: Date, session: MarketDate, value: Money, flow: Money = .zero) {
    self.time = time
    self.session = session
    self.value = value
    self.flow = flow
  }
}

/// Returns are ratios of amounts, not amounts: they are computed in `Double`, as the
/// statistics over them (square roots, roots of polynomials) must be, and rounded only
/// where they are shown. Amounts themselves stay exact.
enum PerformanceRatio {
  /// `numerator ÷ denominator`; `nil` when the denominator is not positive.
  static func of(_ numerator: Money, _ denominator: Money) -> Double? {
    guard denominator.isPositive else { return nil }
    return double(numerator) / double(denominator)
  }

  static func double(_ money: Money) -> Double {
    NSDecimalNumber(decimal: money.exact.value).doubleValue
  }
}
