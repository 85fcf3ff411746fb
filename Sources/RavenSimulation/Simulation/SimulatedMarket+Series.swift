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
      SessionPath(model: model, stock: stock, sessionIndex: session, daily: daily(stock))
    }
  }

  /// The closing price of `session` in cents, from the daily series.
  func closeCents(_ stock: StockModel, session: Int) -> Int64 {
    model.cents(stock, level: daily(stock).closeLevels[session])
  }

}

extension PriceModel {
  /// A finished session's daily bar from the stock's series alone; the same as the
  /// aggregate of its minutes.
  func dailyBar(_ stock: StockModel, _ series: DailySeries, session: Int, stamp: Date) -> Bar {
    Bar(
      time: stamp, open: Price(cents: cents(stock, level: series.openLevels[session])),
      high: Price(cents: cents(stock, level: series.highLevels[session])),
      low: Price(cents: cents(stock, level: series.lowLevels[session])),
      close: Price(cents: cents(stock, level: series.closeLevels[session])),
      volume: series.volumes[session])
  }
}
