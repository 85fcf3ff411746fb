import RavenCore

/// Where a market's splits and dividends come from, for the order engine to book them.
/// The simulated market is one; a live provider that serves corporate actions would be
/// another. Without one, nothing is booked (never guessed).
public protocol CorporateActionSource: Sendable {
  /// Every split and dividend of `symbol` the source knows, past and announced, in
  /// ex-date order.
  func corporateActions(of symbol: Symbol) async throws(MarketDataError) -> [CorporateAction]

  /// Every symbol the source knows actions of (for lists across the market).
  var corporateActionSymbols: [Symbol] { get }
}
