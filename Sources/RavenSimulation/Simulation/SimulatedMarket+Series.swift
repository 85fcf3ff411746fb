import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The stock's daily series: built on first use, then kept (`SimulatedSeriesCache`).
  func daily(_ stock: StockModel) -> DailySeries {
    cache.daily(stock.company.symbol) {
      let market = cache.market { model.marketFactor() }
      let industry = cache.industry(stock.company.industry) {
        model.industryFactor(stock.industryNoise)
      }
      return model.dailySeries(
        stock, market: market, industry: industry, surprises: earningsSurprises(stock))
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
