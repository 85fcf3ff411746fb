import Foundation
import RavenCore

/// Each session's closing price of a symbol as a live provider first gave it, once the
/// session was over: what an account's past is valued at, so that its history and returns
/// never change after the fact (a provider that later restates a bar, drops old days or is
/// down changes nothing already shown). The simulated market needs none: it is a pure
/// function of time.
public protocol SessionCloseStore: Sendable {
  /// The kept closes of `symbol` on the sessions `from` through `through`, oldest first.
  func sessionCloses(of symbol: Symbol, from: MarketDate, through: MarketDate)
    async throws(StoreError) -> [SessionClose]

  /// Keeps `closes`; a session already kept keeps its first close (the first write wins,
  /// also when two servers write at once).
  func keepSessionCloses(_ closes: [SessionClose]) async throws(StoreError)
}

/// A symbol's close on one session, and who gave it.
public struct SessionClose: Sendable, Hashable {
  public var symbol: Symbol
  public var date: MarketDate
  public var close: Price
  /// The provider's name (`DataAttribution.name`).
  public var source: String

  public init(symbol: Symbol, date: MarketDate, close: Price, source: String) {
    self.symbol = symbol
    self.date = date
    self.close = close
    self.source = source
  }
}
