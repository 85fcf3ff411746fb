import Foundation
import RavenCore

/// An account's equity over a range, oldest first.
public struct BrokeragePortfolioHistory: Sendable, Hashable {
  public struct Point: Sendable, Hashable {
    public var time: Date
    public var equity: Money

    public init(time: Date, equity: Money) {
      self.time = time
      self.equity = equity
    }
  }

  public var points: [Point]
  /// The equity the range's change is measured from (the previous close's on 1D).
  public var baseValue: Money?
  /// The width of the points, where the account chose it (the built-in ledger's).
  public var resolution: BarResolution?

  public init(points: [Point], baseValue: Money?, resolution: BarResolution? = nil) {
    self.points = points
    self.baseValue = baseValue
    self.resolution = resolution
  }
}
