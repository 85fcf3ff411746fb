import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The security's daily series: built on first use, then kept (`SimulatedSeriesCache`).
  func daily(_ stock: StockModel) -> DailySeries {
    cache.daily(stock.company.symbol) {
      let market = cache.market { model.marketFactor() }
      let own = FactorSeries(
        noise: stock.symbolNoise, sessions: calendar.sessions.count, profile: .own)
      guard let fund = stock.company.fund else {
        let industry = industryFactor(stock.company.industry)
        return model.dailySeries(
          stock, mix: .stock(market: market, industry: industry, own: own),
          surprises: earningsSurprises(stock))
      }
      if let symbol = fund.underlying, let underlying = stocks[symbol] {
        return model.leveragedSeries(
          stock, leverage: Double(fund.leverage), underlying: daily(underlying), of: underlying)
      }
      var industries: [FactorSeries] = []
      if case .industries(let names) = fund.basket { industries = names.map(industryFactor) }
      return model.dailySeries(
        stock, mix: .fund(fund.basket, market: market, industries: industries, own: own),
        surprises: [:])
    }
  }

  /// The factor every stock of `industry` shares.
  private func industryFactor(_ industry: String) -> FactorSeries {
    cache.industry(industry) {
      model.industryFactor(model.noise.stream("industry").stream(industry))
    }
  }

  /// The minutes of the stock's session `session`.
  func path(_ stock: StockModel, session: Int) -> SessionPath {
    cache.path(stock.company.symbol, session: session) {
      SessionPath(
        model: model, stock: stock, sessionIndex: session, daily: daily(stock),
        actions: schedule(stock))
    }
  }

  /// The closing price of `session` in cents, from the daily series: as it traded, or
  /// adjusted for the splits up to session `splitsAsOf` (so that closes either side of a
  /// split compare).
  func closeCents(_ stock: StockModel, session: Int, splitsAsOf: Int? = nil) -> Int64 {
    let actions = schedule(stock)
    var factor = actions.rawFactor(session: session)
    if let asOf = splitsAsOf {
      factor *= actions.adjustment(.split, session: session, asOf: asOf).split
    }
    return model.cents(stock, level: daily(stock).closeLevels[session], factor: factor)
  }

}

extension PriceModel {
  /// A finished session's daily bar, as it traded (`factor` is the session's) or adjusted
  /// (`scaling`), from the stock's series alone; the same as the aggregate of its minutes.
  func dailyBar(
    _ stock: StockModel, _ series: DailySeries, session: Int, stamp: Date, factor: ActionFactor,
    scaling: BarScaling? = nil
  ) -> Bar {
    func price(_ level: Double) -> Price {
      let raw = cents(stock, level: level, factor: factor.raw)
      return scaling?.price(cents: raw) ?? Price(cents: raw)
    }
    let volume = series.volumes[session]
    return Bar(
      time: stamp, open: price(series.openLevels[session]),
      high: price(series.highLevels[session]), low: price(series.lowLevels[session]),
      close: price(series.closeLevels[session]),
      volume: scaling?.volume(modelVolume: volume) ?? factor.shares(volume))
  }
}
