import Foundation
import RavenCore
import RavenMarketData

extension MarketRequest where Value == [CorporateAction] {
  /// Every split and dividend of `symbol` the source lists, in ex-date order. The same at
  /// every instant (what is announced is filtered by its declaration date by the caller):
  /// aged by the gateway's clock.
  public static func corporateActions(_ symbol: Symbol) -> Self {
    Self(kind: .corporateActions) { gateway throws(MarketDataError) in
      try await gateway.actionLists.answer(symbol, at: gateway.clock.now)
    }
  }
}

/// The gateway is the engine's and the routes' source of splits and dividends, cached and
/// within budget like every other answer, from the first source that lists them.
extension MarketGateway: CorporateActionSource {
  public func corporateActions(of symbol: Symbol) async throws(MarketDataError)
    -> [CorporateAction]
  {
    try await fetch(.corporateActions(symbol)).value
  }

  /// The symbols the serving source lists actions of; none for a live source, which is
  /// asked symbol by symbol.
  public var corporateActionSymbols: [Symbol] {
    (primary(for: .corporateActions)?.provider as? any CorporateActionSource)?
      .corporateActionSymbols ?? []
  }
}
