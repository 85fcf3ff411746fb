import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// Every split and dividend of `symbol` the simulated market's calendar holds, past and
  /// to come, in ex-date order. What a caller may know at an instant is what was declared
  /// by then (`corporateActions(of:declaredBy:)`).
  public func corporateActions(of symbol: Symbol) throws(MarketDataError) -> [CorporateAction] {
    schedule(try stock(symbol)).actions
  }

  /// The actions of `symbol` declared on or before `date`: nothing a holder could not
  /// have read by then.
  public func corporateActions(of symbol: Symbol, declaredBy date: MarketDate)
    throws(MarketDataError) -> [CorporateAction]
  {
    try corporateActions(of: symbol).filter { $0.isKnown(on: date) }
  }

  /// The security's schedule: built with its daily series on first use, then kept.
  func schedule(_ stock: StockModel) -> CorporateActionSchedule {
    cache.schedule(stock.company.symbol) {
      CorporateActionSchedule(
        stock: stock, series: daily(stock), calendar: calendar, noise: model.noise)
    }
  }
}

extension SimulatedMarket: CorporateActionSource {
  public var corporateActionSymbols: [Symbol] { universe.companies.map(\.symbol) }
}
