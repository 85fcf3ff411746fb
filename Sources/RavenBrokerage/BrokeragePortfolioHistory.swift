import Foundation
import RavenCore

/// An account's equity over a range, oldest first.
public struct BrokeragePortfolioHistory: Sendable, Hashable {
  public struct Point: Sendable, Hashable {
    public var time: Date
    /// The account's value at `time`, after `flow`.
    public var equity: Money
    /// Money that came in (a deposit) or went out (negative: a withdrawal) at `time`, since
    /// the point before; zero for a plain valuation. Not part of the account's return.
    public var flow: Money

    public init(time: Date, equity: Money, flow: Money = .zero) {
      self.time = time
      self.equity = equity
      self.flow = flow
    }
  }

  public var points: [Point]
  /// The equity the range's change is measured from (the previous close's on 1D).
  public var baseValue: Money?
  /// The width of the points, where the account chose it (the built-in ledger's).
  public var resolution: BarResolution?
  /// Whether the points carry every deposit and withdrawal (the built-in ledger's do; a
  /// linked brokerage's where it lists its cash flows).
  public var flowsKnown: Bool
  /// When the account first traded or moved money, where known: the points before it are
  /// its starting cash waiting, no part of its performance.
  public var activeSince: Date?

  public init(
    points: [Point], baseValue: Money?, resolution: BarResolution? = nil, flowsKnown: Bool = false,
    activeSince: Date? = nil
  ) {
    self.points = points
    self.baseValue = baseValue
    self.resolution = resolution
    self.flowsKnown = flowsKnown
    self.activeSince = activeSince
  }

  /// Where performance is measured from: the last point before the account first did
  /// anything (its value then is what it started with), or the first point.
  public var performanceStart: Int {
    guard let activeSince else { return 0 }
    return points.lastIndex { $0.time < activeSince } ?? 0
  }

  /// The points from `performanceStart` on as performance samples, each in the session whose
  /// close return it is part of (close to close, as daily returns are measured): a point
  /// between sessions (a deposit overnight or on a Saturday) belongs to the next session, never
  /// to one of its own with no market in it nor to the session that had closed before it. A
  /// point after which no session has opened yet (a Saturday's "now") stays in the latest one.
  public func samples(calendar: NYSECalendar) -> [PerformanceSample] {
    let measured = points[performanceStart...]
    let latest = measured.last.flatMap { calendar.latestSessionIndex(openedAtOrBefore: $0.time) }
    return measured.map { point in
      var index = calendar.sessionIndex(closingAtOrAfter: point.time)
      if let latest { index = min(index ?? latest, latest) }
      return PerformanceSample(
        time: point.time,
        session: index.map { calendar.sessions[$0].date }
          ?? calendar.timeZone.marketDate(of: point.time),
        value: point.equity, flow: point.flow)
    }
  }

  /// The growth of $1 by the time-weighted return at every point: 1 up to
  /// `performanceStart`, then `TimeWeightedReturn`'s index.
  public func timeWeightedIndex(calendar: NYSECalendar) -> [Double] {
    Array(repeating: 1, count: performanceStart)
      + TimeWeightedReturn(samples(calendar: calendar)).index
  }

  /// A benchmark's price at each point from `performanceStart` on, from its `bars` (oldest
  /// first, of the history's resolution), as `BarPrices` reads them; nil without bars.
  public func levels(of bars: [Bar]) -> [Double]? {
    guard !bars.isEmpty else { return nil }
    // As the account's own points are valued.
    let prices = BarPrices(width: TimeInterval(resolution?.intradaySeconds ?? 0))
    var cursor = 0
    return points[performanceStart...].map { point in
      let price = prices.price(in: bars, at: point.time, cursor: &cursor)
      return NSDecimalNumber(decimal: price.exact.value).doubleValue
    }
  }
}
